import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { session } from '../state/session';
import { LangLink } from './LangLink';

/** Member content for signed-in sellers; visitors read "Click Log In to view all content" (a link to sign in). */
export function MemberGate({ next, children }: { next: string; children: ReactNode }) {
  const { t } = useT();
  const { seller, checked } = useSnapshot(session);
  if (!checked) return <MemberLoading />;
  if (!seller) {
    return (
      <p className="notice" data-testid="visitor-notice">
        <LangLink to={`/signin?next=${encodeURIComponent(next)}`}>{t('placeholder.visitor')}</LangLink>
      </p>
    );
  }
  return <>{children}</>;
}

/** A member page's place while what it shows is on its way: busy for screen readers, a quiet block on screen. */
export function MemberLoading() {
  const { t } = useT();
  return (
    <div aria-busy="true" className="member-loading">
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
