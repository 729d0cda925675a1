import { describe, expect, it } from 'vitest';
import { ClientConfigError, clientConfig, configSettingsFromEnv, supportChannelsFromEnv } from '../../api/client-config.js';
import { DEVELOPMENT_SUPPORT_CHANNELS } from '../../domain/support-channels.js';

const OPERATOR = [
  { id: 'email', value: 'help@coins.example', href: 'mailto:help@coins.example' },
  { id: 'telegram', value: '@coins_help', href: 'https://t.me/coins_help' },
  { id: 'qq', value: ' 12345678 ' },
];

describe('support channels from SUPPORT_CHANNELS_JSON (start-up)', () => {
  it("sends the operator's channels in the client configuration, in their order", () => {
    const settings = configSettingsFromEnv({ SUPPORT_CHANNELS_JSON: JSON.stringify(OPERATOR), NODE_ENV: 'production' });
    expect(clientConfig(settings, 'en').supportChannels).toEqual([OPERATOR[0], OPERATOR[1], { id: 'qq', value: '12345678' }]);
  });

  it('uses the development placeholders when unset outside production, and stops a production start without it', () => {
    expect(supportChannelsFromEnv({})).toEqual(DEVELOPMENT_SUPPORT_CHANNELS);
    expect(() => supportChannelsFromEnv({ NODE_ENV: 'production' })).toThrow(ClientConfigError);
    expect(() => supportChannelsFromEnv({ NODE_ENV: 'production', SUPPORT_CHANNELS_JSON: ' ' })).toThrow(/^SUPPORT_CHANNELS_JSON is not set/);
  });

  it('stops the start on a malformed value, saying what to fix', () => {
    const bad = (json: string) => () => supportChannelsFromEnv({ SUPPORT_CHANNELS_JSON: json });
    expect(bad('[{"id": "email"')).toThrow(/^SUPPORT_CHANNELS_JSON is not valid JSON \(.+\); see README.md/);
    expect(bad('{"id": "email"}')).toThrow('SUPPORT_CHANNELS_JSON: must be a JSON array');
    expect(bad('[]')).toThrow('SUPPORT_CHANNELS_JSON: must name at least one channel');
    expect(bad('[{"id": "signal", "value": "x"}]')).toThrow('SUPPORT_CHANNELS_JSON: channel 1: id must be one of email, discord, whatsapp, telegram, qq');
    expect(bad('[{"id": "email", "value": ""}]')).toThrow('channel 1: value must be a non-empty text');
    expect(bad('[{"id": "email", "value": "a"}, {"id": "email", "value": "b"}]')).toThrow('channel 2: email is listed twice');
    // The page renders href as a link: a script URL must never reach it.
    expect(bad('[{"id": "discord", "value": "x", "href": "javascript:alert(1)"}]')).toThrow('channel 1: href must start with mailto: or https://');
    expect(bad('[{"id": "email", "value": "a", "url": "x"}]')).toThrow('channel 1: unknown field url');
  });
});
