/**
 * The root font size follows the viewport (specification section 9).
 *
 * Interpretation of "minimum base 650 (900 up to 576 px, 950 up to 768 px, 1000 up to 992 px),
 * clamped to 1000, font size is that divided by 10": the base is reached exactly at each
 * breakpoint (576 px -> 900, 768 px -> 950, 992 px -> 1000) and grows with the width between them:
 * - up to 576 px it scales in proportion to the width (900 x width / 576), never below 650,
 *   so phones narrower than 416 px all get 650;
 * - from 576 to 992 px it runs in a straight line between the breakpoint values;
 * - from 992 px on it stays at 1000.
 * The result never jumps at a breakpoint and never shrinks when the window widens.
 * Root font size in px = base / 10 (65 px to 100 px; stylesheets size in rem against it).
 */

export const FONT_BASE_MIN = 650;
export const FONT_BASE_MAX = 1000;

// [viewport width in px, base at that width], widest last.
const BREAKPOINTS: readonly (readonly [number, number])[] = [
  [576, 900],
  [768, 950],
  [992, 1000],
];

/** The unitless base (650 to 1000) for a viewport width in CSS pixels. */
export function fontBase(viewportWidth: number): number {
  // An unknown width (no window yet) gets the smallest size, which fits every screen.
  if (!Number.isFinite(viewportWidth) || viewportWidth <= 0) return FONT_BASE_MIN;
  const [firstWidth, firstBase] = BREAKPOINTS[0];
  if (viewportWidth <= firstWidth) return Math.max(FONT_BASE_MIN, (firstBase * viewportWidth) / firstWidth);
  for (let i = 1; i < BREAKPOINTS.length; i++) {
    const [width, base] = BREAKPOINTS[i];
    const [prevWidth, prevBase] = BREAKPOINTS[i - 1];
    if (viewportWidth <= width) {
      return prevBase + ((base - prevBase) * (viewportWidth - prevWidth)) / (width - prevWidth);
    }
  }
  return FONT_BASE_MAX;
}

/** The root element's font size in px, rounded to 1/100 px so style recalculation stays stable. */
export const rootFontSizePx = (viewportWidth: number): number =>
  Math.round(Math.min(FONT_BASE_MAX, fontBase(viewportWidth)) * 10) / 100;
