import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import { debounce, DEBOUNCE_MS } from '../ui/debounce';
import { filterQuestions, type QA } from '../lib/faq-search';

interface Status {
  name: string;
  text: string;
}

const FAQ_TABS = ['general', 'player', 'payment'] as const;
type Tab = (typeof FAQ_TABS)[number];

/** FAQ with the tabs General, Player Trade/API and Payment, and a search over the open tab. */
export default function Faq() {
  const { t, tValue, lang } = useT();
  const [tab, setTab] = useState<Tab>('general');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const applyQuery = useMemo(() => debounce((q: string) => setQuery(q), DEBOUNCE_MS), []);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ general: null, player: null, payment: null });

  const items = filterQuestions(tValue<QA[]>(`faq.${tab}`), query, lang);
  const statuses = tValue<Status[]>('faq.statuses');

  // Arrow keys move between tabs (mirrored in right-to-left), Home/End jump to the ends.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = document.documentElement.dir === 'rtl';
    const i = FAQ_TABS.indexOf(tab);
    let next: number | null = null;
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (i + 1) % FAQ_TABS.length;
    else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (i - 1 + FAQ_TABS.length) % FAQ_TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = FAQ_TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(FAQ_TABS[next]);
    tabRefs.current[FAQ_TABS[next]]?.focus();
  };

  return (
    <div className="container page-body faq">
      <h1>{t('titles.faq')}</h1>
      <p className="lead">{t('faq.intro')}</p>
      <div className="field faq-search">
        <label htmlFor="faq-search">{t('faq.searchLabel')}</label>
        <input
          id="faq-search"
          type="search"
          value={input}
          placeholder={t('faq.searchPlaceholder')}
          onChange={(e) => {
            setInput(e.target.value);
            applyQuery(e.target.value);
          }}
        />
      </div>
      <div role="tablist" aria-label={t('faq.tabsLabel')} className="tabs">
        {FAQ_TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`faq-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`faq-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={() => setTab(id)}
            onKeyDown={onTabKey}
          >
            {t(`faq.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`faq-panel-${tab}`} aria-labelledby={`faq-tab-${tab}`} className="tab-panel" tabIndex={0}>
        <p className="visually-hidden" aria-live="polite">
          {query ? t('faq.resultCount', { count: items.length }) : ''}
        </p>
        {items.length === 0 ? <p className="muted">{t('faq.noResults')}</p> : null}
        <div className="qa-list">
          {items.map((item) => (
            <details key={item.q} className="qa">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
        {tab === 'general' && !query ? (
          <section aria-labelledby="statuses-title" className="statuses">
            <h2 id="statuses-title">{t('faq.statusesTitle')}</h2>
            <dl>
              {statuses.map((s) => (
                <div key={s.name} className="status-row">
                  <dt>{s.name}</dt>
                  <dd>{s.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {tab === 'payment' ? (
          <p>
            <LangLink to="/faq/withdrawal-rules">{t('titles.withdrawalRules')}</LangLink>
          </p>
        ) : null}
      </div>
    </div>
  );
}
