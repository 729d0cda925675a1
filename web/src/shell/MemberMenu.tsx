import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { loadTexts, useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import { RECORD_PATHS, lastRecordSeen, rememberRecord } from '../components/record-paths';
import { resolveLocation } from '../location';
import { BALANCE_PRODUCT, logout as endSession } from '../state/session';
import { confirmBox, toast } from '../state/feedback';

/**
 * The menu items of a signed-in seller (overview, records, money, accounts, settings, log out). Loaded once a
 * seller is signed in, with the bell: a visitor's first view does not carry them.
 */
export default function MemberMenu() {
  const { t } = useT();
  const [location] = useLocation();
  // "Sell record" opens the record the seller looked at last (player or comfort); both pages switch to the other.
  const here = resolveLocation(location).path;
  const onRecord = (RECORD_PATHS as readonly string[]).includes(here);
  useEffect(() => {
    if (onRecord) rememberRecord(here);
  }, [onRecord, here]);
  const lastRecord = onRecord ? here : lastRecordSeen();

  const logout = async () => {
    await loadTexts(['account']).catch(() => undefined);
    const answer = await confirmBox(t('account.logout.confirm'), { title: t('account.logout.title'), okText: t('nav.logout') });
    if (answer.action !== 'ok') return;
    await endSession().catch(() => undefined);
    toast(t('account.logout.done'), 'success');
  };

  return (
    <>
      <li><LangLink to="/member" markCurrent data-testid="nav-overview">{t('titles.overview')}</LangLink></li>
      <li>
        <LangLink to={lastRecord} aria-current={onRecord ? 'page' : undefined} data-testid="nav-sell-record">
          {t('nav.sellRecord')}
        </LangLink>
      </li>
      <li>
        <LangLink to={`/member/${BALANCE_PRODUCT}-balance`} markCurrent>
          {t('nav.balance')}
        </LangLink>
      </li>
      <li><LangLink to="/member/ledger" markCurrent>{t('titles.ledger')}</LangLink></li>
      <li><LangLink to="/member/account-list" markCurrent data-testid="nav-game-accounts">{t('nav.gameAccounts')}</LangLink></li>
      <li>
        <LangLink to="/member/my-info" markCurrent>
          {t('nav.settings')}
        </LangLink>
      </li>
      <li>
        <button type="button" className="nav-button" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
      </li>
    </>
  );
}
