/**
 * The tests' Chromium gets one --disable-features switch (tests/support/browser.ts), and Chromium keeps
 * only the last one it is given: it replaces Playwright's own. So it must name every feature Playwright's
 * switch names, or an upgrade of playwright-core would quietly turn those back on (PaintHolding, which the
 * first-paint tests depend on, among them).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISABLED_FEATURES } from '../support/browser.js';

describe("the tests' Chromium feature switch", () => {
  it("keeps every feature Playwright's own switch disables", () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
    const bundle = readFileSync(path.join(dir, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
    expect(list, "Playwright's disabledFeatures list in playwright-core/lib/coreBundle.js (moved? read chromiumSwitches)").toBeTruthy();
    const playwright = [...list!.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((m) => m[1]);
    expect(playwright.length).toBeGreaterThan(5);
    expect(playwright.filter((f) => !DISABLED_FEATURES.includes(f)), 'add these to DISABLED_FEATURES in tests/support/browser.ts').toEqual([]);
  });
});
