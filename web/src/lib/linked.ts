/**
 * The record a mail or notification link opens (`/member/sold-record?run=…`,
 * `/member/coins-balance?withdrawal=…`, domain/notifications.ts): each address with its query is a
 * kept-alive page of its own, so the id is read once when the page mounts. The row is marked, and
 * scrolled into view and focused the first time it is shown, so the seller lands on it.
 */
import { useCallback, useRef, useState } from 'react';

export function useLinkedId(param: string): string | null {
  const [id] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(param)));
  return id;
}

/** A ref callback for the linked row: revealed once, not again on every live update. */
export function useReveal(): (el: HTMLElement | null) => void {
  const done = useRef(false);
  return useCallback((el: HTMLElement | null) => {
    if (!el || done.current) return;
    done.current = true;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, []);
}
