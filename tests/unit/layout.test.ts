import { describe, expect, it } from 'vitest';
import { deviceFlags, layoutFlags } from '../../web/src/ui/layout.js';

describe('layoutFlags', () => {
  it.each([
    [320, { pc: false, mobile: true, ipad: false }],
    [767, { pc: false, mobile: true, ipad: false }],
    [768, { pc: false, mobile: true, ipad: true }],
    [991, { pc: false, mobile: true, ipad: true }],
    [992, { pc: true, mobile: false, ipad: false }],
    [1920, { pc: true, mobile: false, ipad: false }],
  ])('%i px', (width, flags) => {
    expect(layoutFlags(width)).toEqual(flags);
  });
});

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadLegacy:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iPadOSDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('deviceFlags', () => {
  it.each([
    ['iPhone', { isMobileOrTablet: true, isMobile: true, isIos: true, isAndroid: false }],
    ['iPadLegacy', { isMobileOrTablet: true, isMobile: false, isIos: true, isAndroid: false }],
    // iPadOS 13+ asks for desktop pages with a Mac user agent: not detectable from the UA alone.
    ['iPadOSDesktop', { isMobileOrTablet: false, isMobile: false, isIos: false, isAndroid: false }],
    ['androidPhone', { isMobileOrTablet: true, isMobile: true, isIos: false, isAndroid: true }],
    ['androidTablet', { isMobileOrTablet: true, isMobile: false, isIos: false, isAndroid: true }],
    ['windows', { isMobileOrTablet: false, isMobile: false, isIos: false, isAndroid: false }],
    ['linuxFirefox', { isMobileOrTablet: false, isMobile: false, isIos: false, isAndroid: false }],
  ] as const)('%s', (name, flags) => {
    expect(deviceFlags(UA[name])).toEqual(flags);
  });

  it('treats an empty user agent as a desktop', () => {
    expect(deviceFlags('')).toEqual({ isMobileOrTablet: false, isMobile: false, isIos: false, isAndroid: false });
  });
});
