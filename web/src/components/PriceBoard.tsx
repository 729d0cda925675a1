import { useEffect, useState } from 'react';
import { LOCALES, useT } from '../i18n';
import { loadPrices, type PriceQuote } from '../lib/prices';

// Brand names, the same in every language (as the player pages write them).
const PLATFORMS = { ps: 'PlayStation', xbox: 'Xbox', pc: 'PC' } as const;

type Formatting = typeof import('../ui/format');
type Board = { quote: PriceQuote; format: Formatting } | 'failed' | null;

/**
 * Today's buying price per 100K coins for each platform, for visitors and sellers alike (home and
 * /transfer-page). The formatting helpers load alongside the prices, not with the first view: nothing
 * is formatted before the prices arrive. The pages load this board lazily, in a box of its height, so
 * none of it weighs on the first view.
 */
export default function PriceBoard() {
  const { t, lang } = useT();
  const [board, setBoard] = useState<Board>(null);
  useEffect(() => {
    let current = true;
    Promise.all([loadPrices(), import('../ui/format')]).then(
      ([quote, format]) => current && setBoard({ quote, format }),
      () => current && setBoard('failed'),
    );
    return () => {
      current = false;
    };
  }, []);
  const ready = board && board !== 'failed' ? board : null;
  const [before, after] = t('home.prices.asOf', { time: '\u2063' }).split('\u2063');
  return (
    <section className="price-board" aria-labelledby="prices-title" aria-busy={board === null} data-testid="price-board">
      <h2 id="prices-title">{t('home.prices.title')}</h2>
      <dl className="price-list">
        {(Object.keys(PLATFORMS) as (keyof typeof PLATFORMS)[]).map((p) => {
          const cents = ready?.quote.prices[p];
          return (
            <div key={p} className="card">
              <dt>{PLATFORMS[p]}</dt>
              <dd data-testid={`price-${p}`}>{ready && cents !== undefined ? <bdi>{ready.format.formatMoney(cents, 'EUR', LOCALES[lang])}</bdi> : '—'}</dd>
            </div>
          );
        })}
      </dl>
      <p className="price-note" data-testid="price-note">
        {board === 'failed' ? (
          t('home.prices.failed')
        ) : (
          <>
            {t('home.prices.unit')}{' '}
            {ready && (
              <>
                {before}
                <time dateTime={ready.quote.asOf} data-testid="price-time">
                  <bdi dir="ltr">{ready.format.formatDate(ready.quote.asOf)}</bdi>
                </time>
                {after}
              </>
            )}
          </>
        )}
      </p>
    </section>
  );
}
