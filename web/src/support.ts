/**
 * Support channels (specification section 1): the operator configures them (SUPPORT_CHANNELS_JSON)
 * and GET /api/config sends them as `supportChannels`; the footer, the home page and every place
 * the specification sends a seller to support show them.
 */
import type { SupportChannel } from '../../domain/support-channels';

export type { SupportChannel };

/** The configured channels; none until the configuration has loaded. */
export function supportChannels(config: { supportChannels?: readonly SupportChannel[] } | null | undefined): readonly SupportChannel[] {
  return config?.supportChannels ?? [];
}
