import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { LANGUAGE_OPTIONS } from '../../../domain/client-config';
import { loadTexts, useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import { session } from '../state/session';
import { useSwitchLanguage } from './switch-language';

// A signed-in seller's items come with the bell, not in a visitor's first view.
const MemberMenu = lazy(() => import('./MemberMenu'));
// The language picker loads when first opened; it stays mounted after, so it closes (and gives focus back) as a dialog does.
const LanguageDialog = lazy(() => import('./LanguageDialog').then((m) => ({ default: m.LanguageDialog })));

// Only signed-in sellers see the bell: its code (the notification list and its API) and its texts
// load when a seller is signed in, not in every visitor's first view.
const NotificationBell = lazy(() =>
  // lib/notifications writes notification and comfort sub-state texts: both parts load with it.
  Promise.all([import('../components/NotificationBell'), loadTexts(['notifications', 'comfort'])]).then(([m]) => ({ default: m.NotificationBell })),
);

/** Site header: logo, menu (member or visitor), language button; a disclosure menu on phones. */
export function Header() {
  const { t, lang } = useT();
  const { seller } = useSnapshot(session);
  const [menuOpen, setMenuOpen] = useState(false);
  const [langOpen, setLangOpen] = useState(false);
  const [langLoaded, setLangLoaded] = useState(false);
  const switchTo = useSwitchLanguage();
  const [location] = useLocation();
  // A navigation closes the phone menu.
  useEffect(() => setMenuOpen(false), [location]);
  const localName = LANGUAGE_OPTIONS.find((l) => l.code === lang)?.localName ?? lang;
  // The header sticks to the top and wraps to two rows in some languages and widths: the page keeps what
  // focus or a link brings into view below it (scroll-padding-top in styles.css, WCAG 2.4.11).
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const watch = new ResizeObserver(() => document.documentElement.style.setProperty('--header-h', `${header.current!.offsetHeight}px`));
    watch.observe(header.current!);
    return () => watch.disconnect();
  }, []);

  return (
    <header className="site-header" ref={header}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header-bar container">
        <LangLink to="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            C
          </span>
          <span>{t('brand')}</span>
        </LangLink>
        {/* Outside the menu, so a phone shows the unread count without opening it. */}
        {seller ? (
          <Suspense fallback={null}>
            <NotificationBell sellerId={seller.id} />
          </Suspense>
        ) : null}
        <button
          type="button"
          className="menu-toggle btn btn-ghost-dark"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="burger" aria-hidden="true" />
          <span className="menu-label">{t('nav.menu')}</span>
        </button>
        <nav id="site-nav" className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label={t('nav.main')}>
          <ul className="nav-list">
            <li>
              <LangLink to="/transfer-page" markCurrent data-testid="nav-sell-coins">
                {t('nav.sellCoins')}
              </LangLink>
            </li>
            <li>
              <LangLink to="/sell-coins-player-trade" markCurrent>
                {t('nav.playerTrade')}
              </LangLink>
            </li>
            <li>
              <LangLink to="/sell-coins-comfort-trade" markCurrent>
                {t('nav.comfortTrade')}
              </LangLink>
            </li>
            <li>
              <LangLink to="/faq" markCurrent>
                {t('nav.faq')}
              </LangLink>
            </li>
            {seller ? (
              <Suspense fallback={null}>
                <MemberMenu />
              </Suspense>
            ) : (
              <>
                <li>
                  <LangLink to="/signin" markCurrent>
                    {t('nav.signIn')}
                  </LangLink>
                </li>
                <li>
                  <LangLink to="/signup" className="btn btn-accent" markCurrent>
                    {t('nav.signUp')}
                  </LangLink>
                </li>
              </>
            )}
            <li>
              <button type="button" className="nav-button lang-button" onClick={() => (setLangLoaded(true), setLangOpen(true))} aria-haspopup="dialog">
                <span className="visually-hidden">{t('nav.language')}: </span>
                <span lang={lang}>{localName}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
      {langLoaded && (
        <Suspense fallback={null}>
          <LanguageDialog open={langOpen} onClose={() => setLangOpen(false)} switchTo={switchTo} />
        </Suspense>
      )}
    </header>
  );
}
