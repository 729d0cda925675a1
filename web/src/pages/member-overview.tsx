import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { isolateLtr } from '../i18n/bidi';
import { MemberGate, MemberLoading } from '../components/MemberGate';
import { ZoneNote } from '../components/ZoneNote';
import { Approx } from '../components/Approx';
import { LangLink } from '../components/LangLink';
import { CHART_COLORS, EarningsChart } from '../components/overview/EarningsChart';
import { api, euro } from '../lib/api';
import { failureOf, translateMessage } from '../lib/messages';
import { notificationText } from '../lib/notifications';
import { formatDate } from '../ui/format';
import { EARNINGS_PERIODS, type EarningsPeriod, type OverviewAnswer } from '../../../domain/member-overview';
import type { PageProps } from '../page-props';

export const OVERVIEW_PATH = '/member';

/** Member: the seller's money at a glance (GET /api/member/overview); also `/` while a seller is signed in. */
export default function OverviewPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body overview-page">
      <h1>{t('titles.overview')}</h1>
      <MemberGate next={OVERVIEW_PATH}>
        <p className="muted">{t('withdraw.overview.intro')}</p>
        <ZoneNote />
        <Overview />
      </MemberGate>
    </div>
  );
}

function Overview() {
  const { t, lang } = useT();
  const format = useFormat();
  const [data, setData] = useState<OverviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [period, setPeriod] = useState<EarningsPeriod>('day');
  useEffect(() => {
    let live = true;
    api<OverviewAnswer>('/api/member/overview')
      .then((answer) => live && setData(answer))
      .catch((err: unknown) => live && setError(translateMessage(t, failureOf(err).message)));
    return () => {
      live = false;
    };
  }, [t]);
  const eur = useCallback((cents: number) => euro(cents, lang), [lang]);

  if (error) return <p role="alert" className="form-error">{error}</p>;
  if (!data) return <MemberLoading />;

  const buckets = data.earnings[period];
  const sum = (k: 'player' | 'comfort') => buckets.reduce((s, b) => s + b[k], 0);
  const kindText = (kind: string) => t(`withdraw.ledger.kinds.${kind}`) || kind;
  const tradeName = (kind: 'player' | 'comfort') => t(kind === 'player' ? 'nav.playerTrade' : 'nav.comfortTrade');
  const movement = (m: OverviewAnswer['recent'][number]) => m.available || m.frozen || m.pendingPayout;

  return (
    <>
      <dl className="overview-figures" data-testid="overview-figures">
        <div className="card">
          <dt>{t('withdraw.overview.available')}</dt>
          <dd><strong data-testid="overview-available">{euro(data.availableCents, lang)}</strong><Approx cents={data.availableCents} /></dd>
          {data.availableCents > 0 ? <dd><LangLink to="/member/withdraw" className="btn btn-small btn-accent">{t('withdraw.overview.withdraw')}</LangLink></dd> : null}
        </div>
        <div className="card">
          <dt>{t('withdraw.overview.frozen')}</dt>
          <dd><strong data-testid="overview-frozen">{euro(data.frozenCents, lang)}</strong><Approx cents={data.frozenCents} /></dd>
        </div>
        <div className="card">
          <dt>{t('withdraw.overview.pending')}</dt>
          <dd><strong data-testid="overview-pending">{euro(data.pendingCents, lang)}</strong><Approx cents={data.pendingCents} /></dd>
        </div>
      </dl>

      <ListSection id="overview-needs" title={t('withdraw.overview.needsTitle')} empty={t('withdraw.overview.needsNone')} testId="overview-needs"
        items={data.needs} keyOf={(n) => n.id} render={(n) => (
          <>
            <LangLink to={n.link}>{notificationText(t, { ...n, bodyCode: '', title: '', body: '', kind: 'action_needed' }, lang, format.zone).title}</LangLink>
            {n.deadline ? <span className="muted"> · {t('withdraw.overview.actBy', { time: format.date(n.deadline) })}</span> : null}
          </>
        )} />

      <ListSection id="overview-frozen-title" title={t('withdraw.overview.frozenTitle')} empty={t('withdraw.overview.frozenNone')} testId="overview-frozen-parts"
        items={data.frozen} keyOf={(f) => f.ref} render={(f) => (
          <>
            <strong>{euro(f.cents, lang)}</strong> · {tradeName(f.kind)} <span className="ledger-ref">{isolateLtr(f.ref, lang)}</span>
            <span className="muted"> · {f.availableAt ? t('withdraw.overview.frozenAt', { time: format.date(f.availableAt) }) : t('withdraw.overview.frozenReview')}</span>
          </>
        )} />

      <ListSection id="overview-pending-title" title={t('withdraw.overview.pendingTitle')} empty={t('withdraw.overview.pendingNone')} testId="overview-pending-list"
        items={data.pending} keyOf={(p) => p.withdrawalId} render={(p) => (
          <>
            <strong>{euro(p.cents, lang)}</strong> <span className="muted">· {t('withdraw.overview.pendingAt', { time: format.date(p.requestedAt) })}</span>
          </>
        )} />

      <section aria-labelledby="overview-earnings" className="overview-section">
        <h2 id="overview-earnings">{t('withdraw.overview.earningsTitle')}</h2>
        <div className="overview-periods" role="group" aria-label={t('withdraw.overview.periodLabel')}>
          {EARNINGS_PERIODS.map((p) => (
            <button key={p} type="button" className={`btn btn-small ${p === period ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={p === period} onClick={() => setPeriod(p)} data-testid={`period-${p}`}>
              {t(`withdraw.overview.${p}`)}
            </button>
          ))}
        </div>
        <p data-testid="earnings-summary">
          {t('withdraw.overview.summary', { total: euro(sum('player') + sum('comfort'), lang), player: euro(sum('player'), lang), comfort: euro(sum('comfort'), lang) })}
        </p>
        <ul className="chart-key" aria-hidden="true">
          <li><span style={{ background: CHART_COLORS.player }} />{tradeName('player')}</li>
          <li><span style={{ background: CHART_COLORS.comfort }} />{tradeName('comfort')}</li>
        </ul>
        <EarningsChart buckets={buckets} euro={eur} />
        <details>
          <summary>{t('withdraw.overview.showTable')}</summary>
          <table className="table" data-testid="earnings-table">
            <thead><tr><th scope="col">{t('withdraw.overview.colStart')}</th><th scope="col">{tradeName('player')}</th><th scope="col">{tradeName('comfort')}</th></tr></thead>
            <tbody>
              {buckets.map((b) => (
                <tr key={b.start}><td>{isolateLtr(formatDate(b.start, 'YYYY-MM-DD', 'UTC'), lang)}</td><td>{euro(b.player, lang)}</td><td>{euro(b.comfort, lang)}</td></tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <ListSection id="overview-recent" title={t('withdraw.overview.recentTitle')} empty={t('withdraw.overview.recentNone')} testId="overview-recent"
        items={data.recent} keyOf={(m) => String(m.seq)} render={(m) => (
          <>
            <span className="muted">{format.date(m.at)}</span> · {kindText(m.kind)} · <strong>{euro(movement(m), lang)}</strong>
          </>
        )}>
        <p><LangLink to="/member/ledger">{t('withdraw.overview.allEntries')}</LangLink></p>
      </ListSection>
    </>
  );
}

/** One of the overview's lists: a heading, then its rows or the line saying there are none, then what follows it. */
function ListSection<T>({ id, title, empty, testId, items, keyOf, render, children }: {
  id: string; title: string; empty: string; testId: string; items: T[]; keyOf: (item: T) => string; render: (item: T) => ReactNode; children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="overview-section">
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? <p className="muted">{empty}</p> : (
        <ul className="overview-list" data-testid={testId}>
          {items.map((item) => <li key={keyOf(item)}>{render(item)}</li>)}
        </ul>
      )}
      {children}
    </section>
  );
}
