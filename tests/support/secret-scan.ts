const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` holds `secret` as a token of its own, not as a run of characters inside a longer
 * number or id. A random 8-digit backup code turns up by chance inside timestamps, nanoseconds and
 * hex ids about once in ten test runs; that is not a leak. A leaked value sits between quotes,
 * spaces, commas or line ends, which this still finds.
 */
export function holdsSecret(text: string, secret: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z])${escape(secret)}(?![0-9A-Za-z])`).test(text);
}
