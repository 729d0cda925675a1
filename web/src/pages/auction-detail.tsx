import { useEffect, useState } from 'react';
import type { CardAnswer, ListedCard } from '../../../domain/player-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { api, coins, errorOf, euro } from '../lib/api';
import type { PageProps } from '../page-props';

/** Player detail (/auction-detail?id=<card>): everything the market says about one card, and its income. */
export default function AuctionDetailPage(_: PageProps) {
  const { t, lang } = useT();
  const format = useFormat();
  const [card, setCard] = useState<ListedCard | null>(null);
  const [problem, setProblem] = useState<'' | 'visitor' | 'gone'>('');
  const id = typeof location === 'undefined' ? '' : new URLSearchParams(location.search).get('id') ?? '';
  useEffect(() => {
    if (!id) { setProblem('gone'); return; }
    api<CardAnswer>(`/api/player-trade/cards/${encodeURIComponent(id)}`)
      .then((r) => setCard(r.card))
      .catch((err) => setProblem(errorOf(err).code === 'unauthenticated' ? 'visitor' : 'gone'));
  }, [id]);
  return (
    <div className="container page-body auction-detail">
      <h1>{t('titles.auctionDetail')}</h1>
      {problem === 'visitor' ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : null}
      {problem === 'gone' ? <p className="notice">{t('player.notFound')}</p> : null}
      {card ? (
        <dl className="card" data-testid="auction-detail">
          <dt>{t('player.col.player')}</dt><dd>{card.playerName}</dd>
          <dt>{t('player.col.version')}</dt><dd>{card.versionName}</dd>
          <dt>{t('player.col.chemistry')}</dt><dd>{card.chemistryStyle}</dd>
          <dt>{t('player.col.platform')}</dt><dd>{t(`player.platforms.${card.platform}`)}</dd>
          <dt>{t('player.col.startPrice')}</dt><dd>{coins(card.startPrice, lang)}</dd>
          <dt>{t('player.col.buyNow')}</dt><dd>{coins(card.buyNowPrice, lang)}</dd>
          <dt>{t('player.col.market')}</dt><dd>{coins(card.marketPrice, lang)}</dd>
          <dt>{t('player.col.owner')}</dt><dd>{card.owner}</dd>
          <dt>{t('player.col.contracts')}</dt><dd>{card.contracts}</dd>
          <dt>{t('player.col.auctionEnds')}</dt><dd>{format.date(card.auctionEndsAt)}</dd>
          <dt>{t('player.col.income')}</dt><dd>{euro(card.incomeCents, lang)}</dd>
        </dl>
      ) : null}
      <p><LangLink to="/sell-coins-player-trade">{t('player.back')}</LangLink></p>
    </div>
  );
}
