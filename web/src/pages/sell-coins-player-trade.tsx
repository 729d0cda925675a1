import { Fragment, useCallback, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import type { CardsAnswer, GameAccountsAnswer, GameAccountView, ListedCard, OpenPurchasesAnswer, PurchaseAnswer, PurchaseStatus, SellerAction, Versioned } from '../../../domain/player-trade';
import { MARKET_CHANGED, PURCHASE_UPDATED } from '../../../domain/player-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { PayoutSetupNotice } from '../components/PayoutSetup';
import { Pager } from '../components/Pager';
import { Modal } from '../components/Modal';
import { PlayerDetails } from '../components/player/PlayerDetails';
import { AccountPicker } from '../components/player/AccountPicker';
import { api, clockOffsetMs, coins, errorOf, euro, useLiveEvents } from '../lib/api';
import { translateError, type WireError } from '../lib/messages';
import type { PageProps } from '../page-props';

const PAGE_SIZE = 20;
/** The API path of each seller action. */
const ACTION_PATH: Record<SellerAction, string> = { bought: 'bought', not_bought: 'not-bought' };

/** Seconds left until an absolute server deadline, corrected for our clock's offset. */
function useCountdown(deadline: number | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!deadline) return;
    // Not a sweep: redraws the deadline shown in the browser.
    const id = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline ? Math.max(0, Math.ceil((deadline - (Date.now() + clockOffsetMs)) / 1000)) : 0;
}

/** The time now, moving on by itself when the earliest account cooldown ends (so Pick comes back on its own). */
function useClock(accounts: readonly GameAccountView[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = Math.min(...accounts.map((a) => a.cooldownUntil ?? Infinity).filter((u) => u > now));
    if (!Number.isFinite(next)) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [accounts, now]);
  return now;
}

/** Player trade: price range filter, the live player list, Pick, and the purchase dialog with its countdown. */
export default function PlayerTradePage(_: PageProps) {
  const { t, lang } = useT();
  const format = useFormat();
  const [visitor, setVisitor] = useState(false);
  const [filter, setFilter] = useState({ minPrice: '', maxPrice: '' });
  const [applied, setApplied] = useState({ minPrice: '', maxPrice: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CardsAnswer | null>(null);
  const [accounts, setAccounts] = useState<GameAccountView[]>([]);
  const [accountId, setAccountId] = useState('');
  // The list waits for the seller's accounts: they decide each row's Pick note, and the rows must not move under a finger.
  const [accountsKnown, setAccountsKnown] = useState(false);
  // The player whose details are open, and where: under its row in the wide table, or a sheet over the phone's cards.
  const [selected, setSelected] = useState<{ card: ListedCard; where: 'row' | 'sheet' } | null>(null);
  const detailsId = useId();
  const toggle = (card: ListedCard, where: 'row' | 'sheet') => setSelected((s) => (s && s.card.id === card.id && s.where === where ? null : { card, where }));
  const inRow = (c: ListedCard) => selected?.where === 'row' && selected.card.id === c.id;
  // Details opened under a row near the bottom of the screen come up whole, without the seller scrolling.
  useEffect(() => {
    if (selected?.where === 'row') document.getElementById(`${detailsId}-row`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, detailsId]);
  const [purchase, setPurchase] = useState<Versioned<PurchaseStatus> | null>(null);
  const [marketUrl, setMarketUrl] = useState<string | null>(null);
  // Kept as the API said it (code and data), shown in the current language.
  const [error, setError] = useState<WireError | null>(null);
  // A refused pick is shown on the player the seller tapped, not at the top of the page.
  const [pickError, setPickError] = useState<{ cardId: string; error: WireError } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await api<CardsAnswer>('/api/player-trade/cards', { query: { ...applied, page, size: PAGE_SIZE } });
      setData(res);
      setVisitor(false);
    } catch (err) {
      if (errorOf(err).code === 'unauthenticated') setVisitor(true);
      else setError(errorOf(err));
    }
  }, [applied, page]);

  // A visitor is told to log in without asking member APIs that would answer 401.
  const { seller, checked } = useSnapshot(session);
  const member = checked && seller !== null;
  useEffect(() => {
    if (checked && !seller) setVisitor(true);
  }, [checked, seller]);
  useEffect(() => { if (member) void load(); }, [load, member]);
  useEffect(() => {
    void api<{ marketPageUrl: string | null }>('/api/player-trade/config').then((c) => setMarketUrl(c.marketPageUrl)).catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!member) return;
    void api<GameAccountsAnswer>('/api/game-accounts').then((r) => {
      setAccounts(r.items);
      setAccountId((cur) => cur || r.items[0]?.id || '');
    }).catch(() => undefined).finally(() => setAccountsKnown(true));
    // Resume an open purchase after a reload.
    void api<OpenPurchasesAnswer>('/api/player-trade/open').then((r) => { if (r.items[0]) setPurchase(r.items[0]); }).catch(() => undefined);
  }, [member]);

  // The list follows the market live: taken cards disappear, returned or new ones come back.
  useLiveEvents([MARKET_CHANGED], (e) => {
    const { removed } = e.data;
    if (removed.length) setData((d) => (d ? { ...d, items: d.items.filter((c) => !removed.includes(c.id)), total: Math.max(0, d.total - removed.filter((id) => d.items.some((c) => c.id === id)).length) } : d));
    if (e.data.added.length) void load();
  });
  useLiveEvents([PURCHASE_UPDATED], (e) => {
    setPurchase((p) => (p && p.purchaseId === e.subject && (p.version ?? 0) < e.data.version ? e.data : p));
  });

  const left = useCountdown(purchase?.state === 'reserved' ? purchase.deadline : null);

  const pick = async (card: ListedCard) => {
    setError(null);
    setPickError(null);
    setBusy(true);
    try {
      const res = await api<PurchaseAnswer>('/api/player-trade/picks', {
        method: 'POST', body: { cardId: card.id, gameAccountId: accountId, requestId: `${card.id}-${accountId}-${Math.floor(Date.now() / 2000)}` },
      });
      setPurchase(res.purchase);
      setData((d) => (d ? { ...d, items: d.items.filter((c) => c.id !== card.id) } : d));
    } catch (err) {
      const refusal = errorOf(err);
      setPickError({ cardId: card.id, error: refusal });
      // The account's cooldown as the refusal states it: the picker and every Pick follow at once.
      const retryAt = refusal.code === 'account_cooldown' ? Number(refusal.data?.retryAt) : NaN;
      if (Number.isFinite(retryAt)) setAccounts((list) => list.map((a) => (a.id === accountId ? { ...a, cooldownUntil: retryAt } : a)));
    } finally {
      setBusy(false);
    }
  };

  const answer = async (which: SellerAction) => {
    if (!purchase) return;
    setError(null);
    setBusy(true);
    try {
      const res = await api<PurchaseAnswer>(`/api/player-trade/purchases/${purchase.purchaseId}/${ACTION_PATH[which]}`, { method: 'POST' });
      // A live event may already have brought a newer status than this answer.
      setPurchase((p) => (p && (p.version ?? 0) > (res.purchase.version ?? 0) ? p : res.purchase));
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(false);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const account = accounts.find((a) => a.id === accountId);
  const now = useClock(accounts);
  const coolingUntil = (a: GameAccountView) => (a.cooldownUntil && a.cooldownUntil > now ? a.cooldownUntil : null);
  /** Why Pick is off for this player, in the seller's words (null when it is on, or only busy for a moment). */
  const pickWhy = (c: ListedCard): string | null => {
    if (!account) return t('player.pickWhy.noAccount');
    if (purchase && purchase.state === 'reserved') return t('player.pickWhy.open');
    if (account.activePurchaseId) return t('player.pickWhy.busy', { name: account.name });
    const until = coolingUntil(account);
    if (until) return t('player.pickWhy.cooldown', { name: account.name, time: format.date(until) });
    if (account.platform !== c.platform) return t('player.pickWhy.platform', { platform: t(`player.platforms.${c.platform}`) });
    return null;
  };
  const canPick = (c: ListedCard) => !busy && pickWhy(c) === null;
  /** Under Pick: the refusal of this player's pick (with when the account is ready), else why Pick is off. */
  const pickNote = (c: ListedCard) => {
    if (pickError?.cardId === c.id) {
      const retryAt = Number(pickError.error.data?.retryAt);
      return (
        <p className="error pick-note" role="alert" id={`pick-note-${c.id}`} data-testid="pick-refusal">
          {translateError(t, pickError.error)}{Number.isFinite(retryAt) && retryAt > 0 ? ` ${t('player.readyAt', { time: format.date(retryAt) })}` : ''}
        </p>
      );
    }
    const why = pickWhy(c);
    return why ? <p className="muted pick-note" id={`pick-note-${c.id}`} data-testid="pick-why">{why}</p> : null;
  };
  const noteOf = (c: ListedCard) => (pickError?.cardId === c.id || pickWhy(c) ? `pick-note-${c.id}` : undefined);

  return (
    <div className="container page-body player-trade">
      <h1>{t('titles.playerTrade')}</h1>
      <p className="lead">{t('player.intro')}</p>
      {visitor ? (
        <p className="notice" data-testid="visitor-notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p>
      ) : (
        <>
          <form className="card filter" onSubmit={(e) => { e.preventDefault(); setPage(1); setApplied(filter); }} aria-label={t('player.filter.title')}>
            <label>{t('player.filter.min')} <input inputMode="numeric" name="minPrice" value={filter.minPrice} onChange={(e) => setFilter({ ...filter, minPrice: e.target.value })} /></label>
            <label>{t('player.filter.max')} <input inputMode="numeric" name="maxPrice" value={filter.maxPrice} onChange={(e) => setFilter({ ...filter, maxPrice: e.target.value })} /></label>
            <button className="btn btn-primary" type="submit">{t('player.filter.apply')}</button>
            <button className="btn btn-ghost" type="button" onClick={() => { setFilter({ minPrice: '', maxPrice: '' }); setApplied({ minPrice: '', maxPrice: '' }); setPage(1); }}>{t('player.filter.reset')}</button>
          </form>
          <AccountPicker accounts={accounts} value={accountId} onChange={setAccountId} coolingUntil={coolingUntil} />
          {/* Said before a pick: the income is paid out only to a proven address with payout details. */}
          <PayoutSetupNotice />
          {error ? <p className="error" role="alert" data-testid="player-error">{translateError(t, error)}</p> : null}
          {data && data.items.length === 0 ? <p className="notice" data-testid="no-players">{t('player.noPlayers')}</p> : null}
          {data && data.items.length > 0 && accountsKnown ? (
            <>
              {/* Wide screens: a table to compare prices; phones: one card per player (CSS shows one). */}
              <table className="table player-table" data-testid="player-list">
                <thead><tr>
                  <th scope="col">{t('player.col.player')}</th><th scope="col">{t('player.col.platform')}</th><th scope="col">{t('player.col.buyNow')}</th>
                  <th scope="col">{t('player.col.market')}</th><th scope="col">{t('player.col.income')}</th><th scope="col">{t('player.col.actions')}</th>
                </tr></thead>
                <tbody>
                  {data.items.map((c) => (
                    <Fragment key={c.id}>
                    <tr data-card-id={c.id}>
                      <td><button type="button" className="link" aria-expanded={inRow(c)} aria-controls={inRow(c) ? `${detailsId}-row` : undefined} onClick={() => toggle(c, 'row')}>{c.playerName}</button> <span className="muted">{c.versionName}</span></td>
                      <td>{t(`player.platforms.${c.platform}`)}</td>
                      <td className="num">{coins(c.buyNowPrice, lang)}</td>
                      <td className="num">{coins(c.marketPrice, lang)}</td>
                      <td className="num">{euro(c.incomeCents, lang)}</td>
                      <td><button type="button" className="btn btn-small btn-accent" data-testid="pick" disabled={!canPick(c)} aria-describedby={noteOf(c)} onClick={() => void pick(c)}>{t('player.pick')}</button>{pickNote(c)}</td>
                    </tr>
                    {/* Wide screens: the details open right under the player tapped, not after the list. */}
                    {inRow(c) ? (
                      <tr className="player-info-row" id={`${detailsId}-row`}>
                        <td colSpan={6}><section aria-labelledby={`${detailsId}-title`}><PlayerDetails card={c} titleId={`${detailsId}-title`} onClose={() => setSelected(null)} /></section></td>
                      </tr>
                    ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
              <ul className="player-cards" data-testid="player-cards" aria-label={t('titles.playerTrade')}>
                {data.items.map((c) => (
                  <li key={c.id} className="card player-card" data-card-id={c.id}>
                    <p className="player-card-name">
                      <button type="button" className="link" aria-haspopup="dialog" onClick={() => toggle(c, 'sheet')}>{c.playerName}</button>{' '}
                      <span className="muted">{c.versionName} · {t(`player.platforms.${c.platform}`)}</span>
                    </p>
                    <dl className="player-card-prices">
                      <div><dt>{t('player.col.buyNow')}</dt><dd>{coins(c.buyNowPrice, lang)}</dd></div>
                      <div><dt>{t('player.col.market')}</dt><dd>{coins(c.marketPrice, lang)}</dd></div>
                      <div><dt>{t('player.col.income')}</dt><dd><strong>{euro(c.incomeCents, lang)}</strong></dd></div>
                    </dl>
                    <button type="button" className="btn btn-accent" data-testid="pick" disabled={!canPick(c)} aria-describedby={noteOf(c)} onClick={() => void pick(c)}>{t('player.pick')}</button>
                    {pickNote(c)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} />
          {/* Phones: the details as a sheet over the card tapped; focus goes into it and back to the name on close. */}
          <Modal open={selected?.where === 'sheet'} onClose={() => setSelected(null)} labelledBy={`${detailsId}-sheet`} className="sheet">
            {selected ? <PlayerDetails card={selected.card} titleId={`${detailsId}-sheet`} onClose={() => setSelected(null)} /> : null}
          </Modal>
        </>
      )}
      <Modal open={!!purchase} onClose={() => { if (purchase && purchase.state !== 'reserved' && purchase.state !== 'checking') setPurchase(null); }} labelledBy="purchase-title">
        {purchase ? (
          <div className="purchase-dialog" data-testid="purchase-dialog" data-state={purchase.state}>
            <h2 id="purchase-title">{t('player.dialog.title')}: <bdi>{purchase.card.playerName}</bdi></h2>
            <p>{t('player.col.buyNow')}: <strong>{coins(purchase.coinsSpent, lang)}</strong> · {t('player.col.income')}: <strong>{euro(purchase.incomeCents, lang)}</strong> · {t('player.account')}: <bdi>{purchase.gameAccount.name}</bdi></p>
            {purchase.state === 'reserved' ? (
              <>
                <p>{t('player.dialog.steps')}</p>
                <p className="countdown" role="timer" aria-live="off" data-testid="countdown">{t('player.dialog.timeLeft')}: {String(Math.floor(left / 60)).padStart(2, '0')}:{String(left % 60).padStart(2, '0')}</p>
                {marketUrl ? <p><a href={`${marketUrl}/buy?cardId=${encodeURIComponent(purchase.card.id)}`} target="_blank" rel="noreferrer" data-testid="market-link">{t('player.dialog.openMarket')}</a></p> : null}
              </>
            ) : null}
            {/* The buttons are the actions the server allows now (the purchase table), not a state check of our own. */}
            {purchase.actions.length ? (
              <div className="actions">
                {purchase.actions.includes('bought') ? <button className="btn btn-primary" data-testid="bought" disabled={busy || left === 0} onClick={() => void answer('bought')}>{t('player.dialog.bought')}</button> : null}
                {purchase.actions.includes('not_bought') ? <button className="btn btn-ghost" data-testid="not-bought" disabled={busy} onClick={() => void answer('not_bought')}>{t('player.dialog.notBought')}</button> : null}
              </div>
            ) : null}
            {purchase.state === 'checking' || purchase.state === 'stuck' ? <p className="notice" role="status" data-testid="checking">{t('player.checking')}</p> : null}
            {purchase.state === 'frozen' || purchase.state === 'available' ? (
              <p className="success" role="status" data-testid="sold">{t('player.sold')}{purchase.releaseAt && purchase.state === 'frozen' ? <> · <span data-testid="frozen-until">{t('player.dialog.frozenUntil', { date: format.date(purchase.releaseAt) })}</span></> : null}</p>
            ) : null}
            {purchase.reason ? <p className="error" role="alert">{t(`player.reasons.${purchase.reason}`)}</p> : null}
            {error ? <p className="error" role="alert">{translateError(t, error)}</p> : null}
            {purchase.state !== 'reserved' && purchase.state !== 'checking' ? (
              <button className="btn btn-ghost" onClick={() => { setPurchase(null); void load(); }}>{t('player.dialog.close')}</button>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
