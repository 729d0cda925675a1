/**
 * The first view of `/` stays within its JavaScript budget (gzip), read from the build `npm test`
 * makes before the tests. It crept from 89 to 95 KB in one merge (a static import of the push
 * helpers, and through them the API client, into the session state) and only a benchmark saw it.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_BUDGET_KB, readFirstView } from '../../scripts/web-first-view.js';

describe('the first view of / for a visitor', () => {
  it(`loads at most ${FIRST_VIEW_BUDGET_KB} KB of JavaScript (gzip)`, () => {
    const view = readFirstView();
    const js = [...view.files].filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(1);
    expect(view.jsBytes, `first view: ${(view.jsBytes / 1024).toFixed(1)} KB in ${js.join(', ')}`).toBeLessThanOrEqual(FIRST_VIEW_BUDGET_KB * 1024);
  });
});
