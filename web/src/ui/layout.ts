/** Which layout and which device the app is on (specification sections 3 and 4). */

export const PC_MIN_WIDTH = 992;
export const TABLET_MIN_WIDTH = 768;

export interface LayoutFlags {
  pc: boolean;
  mobile: boolean;
  ipad: boolean;
}

/** 992 px and up is pc; under 768 is mobile; 768 to 991 is mobile and ipad (tablet layout). */
export function layoutFlags(width: number): LayoutFlags {
  const pc = width >= PC_MIN_WIDTH;
  return { pc, mobile: !pc, ipad: !pc && width >= TABLET_MIN_WIDTH };
}

export interface DeviceFlags {
  isMobileOrTablet: boolean;
  isMobile: boolean;
  isIos: boolean;
  isAndroid: boolean;
}

/**
 * Device flags from the user agent string.
 * iPadOS 13+ sends a desktop Safari user agent ("Macintosh"), so an iPad in that mode reads as a
 * desktop here; only touch support (navigator.maxTouchPoints) can tell, and that is not in the UA.
 * Android tablets are Android without "Mobile" in the UA.
 */
export function deviceFlags(userAgent: string): DeviceFlags {
  const ua = userAgent ?? '';
  const isIos = /iPhone|iPad|iPod/i.test(ua);
  const isAndroid = /Android/i.test(ua);
  const isMobile = /iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua) || (isAndroid && /Mobile/i.test(ua));
  const isTablet = /iPad|Tablet|Silk|Kindle|PlayBook/i.test(ua) || (isAndroid && !/Mobile/i.test(ua));
  return { isMobileOrTablet: isMobile || isTablet, isMobile, isIos, isAndroid };
}
