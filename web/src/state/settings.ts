import { proxy } from 'valtio';
import type { ClientConfig } from '../../../domain/client-config';
import type { SupportChannel } from '../../../domain/support-channels';
import { deviceFlags, layoutFlags, type DeviceFlags, type LayoutFlags } from '../ui/layout';
import { rootFontSizePx } from '../ui/font-size';

/** Client settings kept for the session (specification section 3). */
export interface ClientSettings {
  /** The client configuration from GET /api/config; null until it arrives. */
  config: ClientConfig | null;
  /** Unset at first; a later theme switch sets it. */
  theme: string | undefined;
  device: DeviceFlags;
  layout: LayoutFlags;
  /** Root font size in px (viewport rule of section 9). */
  rootFontSize: number;
  /** The currency amounts are shown in (from the configuration's currency list). */
  currency: string;
}

const width = () => (typeof window === 'undefined' ? 0 : window.innerWidth);
const ua = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

export const settings = proxy<ClientSettings>({
  config: null,
  theme: undefined,
  device: deviceFlags(ua()),
  layout: layoutFlags(width()),
  rootFontSize: rootFontSizePx(width()),
  currency: 'EUR',
});

/** Recomputes device flags (from the user agent), layout flags and root font size. */
export function applyViewport(viewportWidth: number, userAgent: string): void {
  settings.device = deviceFlags(userAgent);
  const layout = layoutFlags(viewportWidth);
  if (layout.pc !== settings.layout.pc || layout.mobile !== settings.layout.mobile || layout.ipad !== settings.layout.ipad) {
    settings.layout = layout;
  }
  settings.rootFontSize = rootFontSizePx(viewportWidth);
  if (typeof document !== 'undefined') document.documentElement.style.fontSize = `${settings.rootFontSize}px`;
}

/** Starts following the viewport: every resize recomputes the flags and the root font size. */
export function watchViewport(): () => void {
  const update = () => applyViewport(width(), ua());
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}

export function setConfig(config: ClientConfig): void {
  settings.config = config;
  if (config.defaultCurrency) settings.currency = config.defaultCurrency;
}

/**
 * Support channels (specification section 1): the operator configures them (SUPPORT_CHANNELS_JSON)
 * and GET /api/config sends them as `supportChannels`; the footer, the home page and every place
 * the specification sends a seller to support show them. None until the configuration has loaded.
 * (Here, not in a module of its own: a 44-byte module shared by the shell and pages was a chunk of its own in the first view.)
 */
export function supportChannels(config: { supportChannels?: readonly SupportChannel[] } | null | undefined): readonly SupportChannel[] {
  return config?.supportChannels ?? [];
}
