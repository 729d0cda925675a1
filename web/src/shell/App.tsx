import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { MESSAGE_PARTS, language, loadTexts, setLanguage } from '../i18n';
import { resolveLocation } from '../location';
import { track } from '../state/feedback';
import { Header } from './Header';
import { Footer } from './Footer';
import { PageHost } from './PageHost';
import { ProgressBar, LoadingOverlay } from './ProgressBar';
import { FeedbackLayer } from './Feedback';
import { RecommendPrompt } from './RecommendPrompt';
import { session } from '../state/session';

/** The app shell: language from the address, header, the kept-alive pages, footer, feedback. */
export function App() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const resolved = resolveLocation(location);
  const { current } = useSnapshot(language);

  useEffect(() => {
    if (resolved.redirect !== undefined) {
      navigate(resolved.redirect + (search ? `?${search}` : '') + window.location.hash, { replace: true });
    }
  }, [resolved.redirect, search, navigate]);

  useEffect(() => {
    if (resolved.lang !== language.current) void track(setLanguage(resolved.lang));
  }, [resolved.lang]);

  if (resolved.redirect !== undefined) return null;
  return (
    <>
      <ProgressBar />
      <Header />
      {/* In the page's flow under the header: a floating box covered the page's own buttons on phones. */}
      <RecommendPrompt />
      <main id="main" tabIndex={-1} data-lang={current}>
        <PayoutSetupSlot />
        <PageHost path={resolved.path + (search ? `?${search}` : '')} />
      </main>
      <Footer />
      <UsernameOffer />
      <FeedbackLayer />
      <LoadingOverlay />
    </>
  );
}

const UsernameDialog = lazy(() =>
  Promise.all([import('../components/UsernameDialog'), loadTexts(MESSAGE_PARTS)]).then(([m]) => ({ default: m.UsernameDialog })),
);

/**
 * The one-time username dialog, loaded only when it is offered, so its form code stays out of every
 * visitor's first view; its texts (and the messages it may show) load with it, whatever page is open.
 */
function UsernameOffer() {
  const { usernameDialog, seller } = useSnapshot(session);
  if (!usernameDialog || !seller || seller.username) return null;
  return (
    <Suspense fallback={null}>
      <UsernameDialog />
    </Suspense>
  );
}

const PayoutSetupBanner = lazy(() =>
  Promise.all([import('../components/PayoutSetup'), loadTexts(['account'])]).then(([m]) => ({ default: m.PayoutSetupBanner })),
);

/**
 * The "finish setting up payouts" banner, loaded only for a signed-in seller who still lacks the
 * proven address or payout details: visitors and set-up sellers download none of it.
 */
function PayoutSetupSlot() {
  const { seller } = useSnapshot(session);
  if (!seller || (seller.emailVerified && seller.payoutDetailsSet)) return null;
  return (
    <Suspense fallback={null}>
      <PayoutSetupBanner />
    </Suspense>
  );
}
