import { useT } from '../i18n';
import { LangLink } from './LangLink';
import { RECORD_PATHS } from './record-paths';

export function RecordSwitch() {
  const { t } = useT();
  return (
    <nav className="tabs record-switch" aria-label={t('nav.sellRecord')}>
      <LangLink to={RECORD_PATHS[0]} className="tab" markCurrent data-testid="record-switch-player">{t('nav.playerTrade')}</LangLink>
      <LangLink to={RECORD_PATHS[1]} className="tab" markCurrent data-testid="record-switch-comfort">{t('nav.comfortTrade')}</LangLink>
    </nav>
  );
}
