/**
 * Support channels (specification section 1: email, Discord, WhatsApp, Telegram, QQ): operator
 * configuration (SUPPORT_CHANNELS_JSON), sent to the web app in GET /api/config and shown wherever
 * the specification sends a seller to support. Pure: the API checks an operator's list at start.
 */
export const SUPPORT_CHANNEL_IDS = ['email', 'discord', 'whatsapp', 'telegram', 'qq'] as const;
export type SupportChannelId = (typeof SUPPORT_CHANNEL_IDS)[number];

export interface SupportChannel {
  id: SupportChannelId;
  /** What the seller sees (address, handle or number). */
  value: string;
  /** Where a click goes (mailto:, https:); QQ has no web link, so the page offers to copy it instead. */
  href?: string;
}

/** Placeholders for development and tests only: a production start without SUPPORT_CHANNELS_JSON stops. */
export const DEVELOPMENT_SUPPORT_CHANNELS: readonly SupportChannel[] = [
  { id: 'email', value: 'support@coinmarket.example', href: 'mailto:support@coinmarket.example' },
  { id: 'discord', value: 'discord.gg/coinmarket', href: 'https://discord.gg/coinmarket' },
  { id: 'whatsapp', value: '+44 20 7946 0000', href: 'https://wa.me/442079460000' },
  { id: 'telegram', value: '@coinmarket_support', href: 'https://t.me/coinmarket_support' },
  { id: 'qq', value: '800000000' },
];

const SAFE_HREF = /^(mailto:|https:\/\/)/i;

/** What is wrong with an operator's list (empty when it can be used), one entry per problem. */
export function supportChannelProblems(list: unknown): string[] {
  if (!Array.isArray(list)) return ['must be a JSON array of {"id", "value", "href"?}'];
  if (list.length === 0) return ['must name at least one channel'];
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((c: unknown, i) => {
    const at = `channel ${i + 1}`;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) { problems.push(`${at}: must be an object`); return; }
    const { id, value, href, ...rest } = c as Record<string, unknown>;
    if (typeof id !== 'string' || !(SUPPORT_CHANNEL_IDS as readonly string[]).includes(id)) problems.push(`${at}: id must be one of ${SUPPORT_CHANNEL_IDS.join(', ')}`);
    else if (seen.has(id)) problems.push(`${at}: ${id} is listed twice`);
    else seen.add(id);
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200) problems.push(`${at}: value must be a non-empty text of at most 200 characters`);
    // Only mail and https links: the page renders href as a link, so javascript: or data: must never reach it.
    if (href !== undefined && (typeof href !== 'string' || !SAFE_HREF.test(href) || href.length > 500)) problems.push(`${at}: href must start with mailto: or https://`);
    for (const k of Object.keys(rest)) problems.push(`${at}: unknown field ${k}`);
  });
  return problems;
}
