/** What a reader sees of a text's layout in the browser: how many lines it takes, whether it is cut. */
import type { Locator, Page } from 'playwright-core';

/** The lines an element's text is laid out on (distinct tops of its text boxes). */
export const lineCount = (el: Locator): Promise<number> => el.evaluate((node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
  return new Set(tops).size;
});

/** The element's text in full view: one line, nothing cut off by an ellipsis or a hidden overflow. */
export async function wholeOnOneLine(el: Locator): Promise<{ lines: number; cut: boolean }> {
  const lines = await lineCount(el);
  const cut = await el.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
  return { lines, cut };
}

/** The element's box lies inside the visible part of the page (the viewport), as after a tap. */
export const inViewport = (page: Page, el: Locator): Promise<boolean> => el.evaluate((node) => {
  const r = node.getBoundingClientRect();
  return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
});

/**
 * Axe on the page scrolled to the top: its target-size rule counts a link partly under the sticky
 * header (the page scrolled down to a row) as a small target, which no seller meets at rest.
 */
export async function atTop(page: Page): Promise<void> {
  await page.evaluate(() => scrollTo(0, 0));
}
