/**
 * Links that land on one field of a page ("verify your email", "add payout details"): the target
 * page may still be loading its chunk or its data, and kept-alive pages hold hidden copies, so the
 * field is looked for on each frame until the shown one exists, then scrolled to and focused.
 */

/** How long a link waits for its field before giving up (a page that failed to load shows its own error). */
const FIELD_WAIT_MS = 5_000;

const shown = (el: HTMLElement) => el.closest('[hidden]') === null;

/** Focuses the first control inside the shown element with `id` (or the element itself). */
export function focusField(id: string): void {
  const until = performance.now() + FIELD_WAIT_MS;
  const look = () => {
    const holder = [...document.querySelectorAll<HTMLElement>(`[id="${id}"]`)].find(shown);
    const control = holder?.matches('input, select, textarea') ? holder : holder?.querySelector<HTMLElement>('input, select, textarea');
    if (control) {
      control.scrollIntoView({ block: 'center' });
      control.focus({ preventScroll: true });
    } else if (performance.now() < until) {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
}

/** The field an address names by its hash (`/member/my-info#payout-details`), if any. */
export const fieldOfHash = (): string | null => (typeof window !== 'undefined' && window.location.hash.length > 1 ? decodeURIComponent(window.location.hash.slice(1)) : null);
