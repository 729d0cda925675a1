/**
 * One language's notification texts by kind and variant (`credited.purchase` → `credited` →
 * `purchase`), the shape the web app's dictionaries look keys up in. Pure.
 */
import type { Texts } from './support.js';

export function nestedTexts(texts: Texts): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [code, text] of Object.entries(texts)) {
    const dot = code.indexOf('.');
    const kind = code.slice(0, dot);
    (out[kind] ??= {})[code.slice(dot + 1)] = text;
  }
  return out;
}
