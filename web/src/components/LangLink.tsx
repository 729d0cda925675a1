import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../i18n';
import { preloadRoute } from '../preload';
import { localizedPath, resolveLocation } from '../location';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The unprefixed path; the current language's prefix is added. */
  to: string;
  children: ReactNode;
  /** Marks the link as the current page when the address matches. */
  markCurrent?: boolean;
};

/** A link inside the app that keeps the current language. */
export function LangLink({ to, children, markCurrent, onMouseEnter, onFocus, ...rest }: Props) {
  const { lang } = useT();
  const [location] = useLocation();
  const current = markCurrent && resolveLocation(location).path === to.split(/[?#]/)[0];
  return (
    <Link
      href={localizedPath(lang, to)}
      aria-current={current ? 'page' : undefined}
      onMouseEnter={(e) => {
        preloadRoute(to);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preloadRoute(to);
        onFocus?.(e);
      }}
      {...rest}
    >
      {children}
    </Link>
  );
}
