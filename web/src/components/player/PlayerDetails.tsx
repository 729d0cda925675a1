import type { ListedCard } from '../../../../domain/player-trade';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { coins } from '../../lib/api';
import { LangLink } from '../LangLink';

/**
 * A player's details, shown next to the name the seller tapped: a sheet on phones, a row under the
 * player in the wide table. `titleId` labels the sheet or the row's region.
 */
export function PlayerDetails({ card, titleId, onClose }: { card: ListedCard; titleId: string; onClose: () => void }) {
  const { t, lang } = useT();
  const format = useFormat();
  return (
    <div className="player-info" data-testid="player-info" data-card-id={card.id}>
      <div className="player-info-head">
        <h2 id={titleId}><bdi>{card.playerName}</bdi></h2>
        <button type="button" className="btn btn-small btn-ghost" data-testid="player-info-close" onClick={onClose}>{t('player.dialog.close')}</button>
      </div>
      <dl>
        <dt>{t('player.col.version')}</dt><dd>{card.versionName}</dd>
        <dt>{t('player.col.chemistry')}</dt><dd>{card.chemistryStyle}</dd>
        <dt>{t('player.col.startPrice')}</dt><dd>{coins(card.startPrice, lang)}</dd>
        <dt>{t('player.col.buyNow')}</dt><dd>{coins(card.buyNowPrice, lang)}</dd>
        <dt>{t('player.col.owner')}</dt><dd>{card.owner}</dd>
        <dt>{t('player.col.contracts')}</dt><dd>{card.contracts}</dd>
        <dt>{t('player.col.auctionEnds')}</dt><dd>{format.date(card.auctionEndsAt)}</dd>
      </dl>
      <LangLink to={`/auction-detail?id=${encodeURIComponent(card.id)}`}>{t('player.details')}</LangLink>
    </div>
  );
}
