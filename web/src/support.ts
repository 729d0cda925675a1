/** Support channels shown in the footer and on the home page (specification section 1). */
export interface SupportChannel {
  id: 'email' | 'discord' | 'whatsapp' | 'telegram' | 'qq';
  /** What the seller sees (address, handle or number). */
  value: string;
  /** Where a click goes; QQ has no web link, so it is copied instead. */
  href?: string;
}

/**
 * Defaults; a deployment overrides them by adding `supportChannels` to GET /api/config
 * (same shape), read by `supportChannels()`.
 */
export const DEFAULT_SUPPORT_CHANNELS: SupportChannel[] = [
  { id: 'email', value: 'support@coinmarket.example', href: 'mailto:support@coinmarket.example' },
  { id: 'discord', value: 'discord.gg/coinmarket', href: 'https://discord.gg/coinmarket' },
  { id: 'whatsapp', value: '+44 20 7946 0000', href: 'https://wa.me/442079460000' },
  { id: 'telegram', value: '@coinmarket_support', href: 'https://t.me/coinmarket_support' },
  { id: 'qq', value: '800000000' },
];

const IDS = new Set(DEFAULT_SUPPORT_CHANNELS.map((c) => c.id));

/** The configured channels when the configuration carries valid ones, else the defaults. */
export function supportChannels(config: unknown): SupportChannel[] {
  const list = (config as { supportChannels?: unknown } | null)?.supportChannels;
  if (!Array.isArray(list)) return DEFAULT_SUPPORT_CHANNELS;
  const valid = list.filter(
    (c): c is SupportChannel =>
      typeof c === 'object' && c !== null && IDS.has((c as SupportChannel).id) && typeof (c as SupportChannel).value === 'string',
  );
  return valid.length ? valid : DEFAULT_SUPPORT_CHANNELS;
}
