import { describe, expect, it } from 'vitest';
import { fontBase, rootFontSizePx } from '../../web/src/ui/font-size.js';

describe('rootFontSizePx', () => {
  it.each([
    [320, 65], // 900 * 320 / 576 = 500, floored to 650
    [416, 65], // where the proportional base reaches the floor
    [480, 75], // 900 * 480 / 576 = 750
    [576, 90],
    [577, 90.03], // 900 + 50 / 192
    [672, 92.5], // half way to 768
    [768, 95],
    [880, 97.5], // half way to 992
    [991, 99.98],
    [992, 100],
    [1400, 100],
  ])('%i px wide -> %s px', (width, px) => {
    expect(rootFontSizePx(width)).toBe(px);
  });

  it('never shrinks as the viewport widens and stays within 65..100 px', () => {
    let previous = 0;
    for (let width = 0; width <= 2000; width++) {
      const px = rootFontSizePx(width);
      expect(px).toBeGreaterThanOrEqual(previous);
      expect(px).toBeGreaterThanOrEqual(65);
      expect(px).toBeLessThanOrEqual(100);
      previous = px;
    }
  });

  it('uses the smallest size when the width is unknown', () => {
    expect(rootFontSizePx(Number.NaN)).toBe(65);
    expect(rootFontSizePx(-5)).toBe(65);
  });

  it('reaches the specification values exactly at the breakpoints', () => {
    expect([fontBase(576), fontBase(768), fontBase(992)]).toEqual([900, 950, 1000]);
  });
});
