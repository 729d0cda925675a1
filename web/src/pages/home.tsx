import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { loadTexts, MESSAGE_PARTS, useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import { CopyButton } from '../components/CopyButton';
import { settings, supportChannels } from '../state/settings';
import { session } from '../state/session';
import type { PageProps } from '../page-props';

// Today's prices are data, not layout: the board, the prices and their formatting load after the first paint.
const PriceBoard = lazy(() => import('../components/PriceBoard'));
// A signed-in seller's home is their overview: its page, chart and texts load only for them.
const Overview = lazy(() => Promise.all([import('./member-overview'), loadTexts(MESSAGE_PARTS)]).then(([m]) => m));

interface Item {
  title: string;
  text: string;
}

/** Home: a visitor's notice, hero, the two claims, today's prices, steps to sell, advantages, contact channels; a seller's overview. */
export default function Home(props: PageProps) {
  const { seller } = useSnapshot(session);
  if (seller) {
    return (
      <Suspense fallback={<div className="page-fallback" />}>
        <Overview {...props} />
      </Suspense>
    );
  }
  return <Marketing />;
}

/** What a visitor sees (the page the build prerenders). */
function Marketing() {
  const { t, tValue } = useT();
  const { config } = useSnapshot(settings);
  const steps = tValue<Item[]>('home.steps');
  const advantages = tValue<Item[]>('home.advantages');
  return (
    <>
      <p className="edition-notice" role="note">
        <span className="container">{t('home.notice')}</span>
      </p>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <h1 id="hero-title">{t('home.heroTitle')}</h1>
          <p className="hero-text">{t('home.heroText')}</p>
          <ul className="claims">
            <li>{t('home.claimMoney')}</li>
            <li>{t('home.claimCoins')}</li>
          </ul>
          <div className="hero-actions">
            <LangLink to="/sell-coins-player-trade" className="btn btn-accent btn-large">
              {t('home.ctaSell')}
            </LangLink>
            <LangLink to="/faq" className="btn btn-outline-light btn-large">
              {t('home.ctaHow')}
            </LangLink>
          </div>
        </div>
      </section>
      <div className="container page-body">
        <Suspense fallback={<div className="price-board" />}>
          <PriceBoard />
        </Suspense>
        <section aria-labelledby="steps-title">
          <h2 id="steps-title">{t('home.stepsTitle')}</h2>
          <ol className="steps">
            {steps.map((step, i) => (
              <li key={i} className="card">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="adv-title">
          <h2 id="adv-title">{t('home.advantagesTitle')}</h2>
          <ul className="grid advantages">
            {advantages.map((a, i) => (
              <li key={i} className="card">
                <h3>{a.title}</h3>
                <p>{a.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="contact-title" className="contact">
          <h2 id="contact-title">{t('home.contactTitle')}</h2>
          <p>{t('home.contactText')}</p>
          <ul className="grid channels">
            {supportChannels(config).map((c) => (
              <li key={c.id} className="card channel">
                <h3>{t(`channels.${c.id}`)}</h3>
                {c.href ? (
                  <a href={c.href} rel="noopener" dir="ltr">
                    {c.value}
                  </a>
                ) : (
                  <p>
                    <span dir="ltr">{c.value}</span> <CopyButton text={c.value} label={t(`channels.${c.id}`)} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
