import { lazy, Suspense } from 'react';
import { useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import type { PageProps } from '../page-props';

// Today's prices are data, not layout: the board, the prices and their formatting load after the first paint.
const PriceBoard = lazy(() => import('../components/PriceBoard'));

/**
 * Sell coins (/transfer-page; the specification names the path and shows no contents): the two ways
 * to sell side by side and today's prices, where the header's "Sell coins" leads. Open to visitors: each form asks them
 * to sign in itself.
 */
export default function SellCoinsPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body sell-coins">
      <h1>{t('titles.transferPage')}</h1>
      <p className="lead">{t('sellCoins.intro')}</p>
      <ul className="grid sell-ways">
        <li className="card" data-testid="way-player">
          <h2>{t('nav.playerTrade')}</h2>
          <p>{t('sellCoins.playerText')}</p>
          <LangLink to="/sell-coins-player-trade" className="btn btn-primary">{t('sellCoins.playerGo')}</LangLink>
        </li>
        <li className="card" data-testid="way-comfort">
          <h2>{t('nav.comfortTrade')}</h2>
          <p>{t('sellCoins.comfortText')}</p>
          <LangLink to="/sell-coins-comfort-trade" className="btn btn-primary">{t('sellCoins.comfortGo')}</LangLink>
        </li>
      </ul>
      <Suspense fallback={<div className="price-board" />}>
        <PriceBoard />
      </Suspense>
    </div>
  );
}
