/**
 * An email or other unbreakable run kept on one line: it never breaks mid-word; where the space is
 * too narrow it ends in an ellipsis and the full text stays in the title (and the DOM, for screen readers).
 */
export function WholeText({ text, testId, className }: { text: string; testId?: string; className?: string }) {
  return <span className={`whole${className ? ` ${className}` : ''}`} dir="ltr" title={text} data-testid={testId}>{text}</span>;
}
