import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { isolateLtr } from '../i18n/bidi';
import { LangLink } from './LangLink';

/** The id of Settings' time zone card, where "Change" lands (components/settings/DisplaySettings.tsx). */
export const TIME_ZONE_FIELD = 'timeZone';

/**
 * "Times in Asia/Tokyo · Change": names the zone the page's times are in (the seller's choice in
 * Settings, else this browser's), so a time read on a shared or travelling device is not misread.
 */
export function ZoneNote() {
  const { t, lang } = useT();
  const { zone } = useFormat();
  return (
    <p className="muted zone-note" data-testid="zone-note">
      {t('comfort.zone.note', { zone: isolateLtr(zone, lang) })} · <LangLink to={`/member/my-info#${TIME_ZONE_FIELD}`}>{t('comfort.zone.change')}</LangLink>
    </p>
  );
}
