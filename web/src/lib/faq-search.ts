export interface QA {
  q: string;
  a: string;
}

/** Questions whose question or answer contains every word of the query (case-insensitive). */
export function filterQuestions(items: readonly QA[], query: string, locale?: string): QA[] {
  const words = query.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const text = `${item.q} ${item.a}`.toLocaleLowerCase(locale);
    return words.every((w) => text.includes(w));
  });
}
