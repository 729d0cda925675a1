/**
 * Links that land on one field of a page ("verify your email", "add payout details"): the target
 * page may still be loading its chunk or its data, and kept-alive pages hold hidden copies, so the
 * field is looked for on each frame until the shown one exists, then scrolled to and focused.
 */

/** How long a link waits for its field before giving up (a page that failed to load shows its own error). */
const FIELD_WAIT_MS = 5_000;

const shown = (el: HTMLElement) => el.closest('[hidden]') === null;

const CONTROL = 'input, select, textarea';

/**
 * Shows the shown element with `id`: a control, or a form or section naming one (its first control),
 * is scrolled to and focused; anything else (a card's heading, as in the account notices' links) is
 * scrolled to.
 */
export function focusField(id: string): void {
  const until = performance.now() + FIELD_WAIT_MS;
  const look = () => {
    const holder = [...document.querySelectorAll<HTMLElement>(`[id="${id}"]`)].find(shown);
    if (!holder) {
      if (performance.now() < until) requestAnimationFrame(look);
      return;
    }
    const control = holder.matches(CONTROL) ? holder : holder.matches('form, section') ? holder.querySelector<HTMLElement>(CONTROL) : null;
    (control ?? holder).scrollIntoView({ block: control ? 'center' : 'start' });
    control?.focus({ preventScroll: true });
  };
  requestAnimationFrame(look);
}

/** The field an address names by its hash (`/member/my-info#payout-details`), if any. */
export const fieldOfHash = (): string | null => (typeof window !== 'undefined' && window.location.hash.length > 1 ? decodeURIComponent(window.location.hash.slice(1)) : null);
