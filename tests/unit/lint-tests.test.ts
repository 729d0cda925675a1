import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The test-wait rule of eslint.config.js (issue 29), run through ESLint on snippets placed in tests/:
// sleeps and wall-clock bounds fail `npm test` in a test file, and are allowed in tests/support and tests/bench.
const ROOT = resolve(import.meta.dirname, '../..');

async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  });
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result.messages.map((m) => m.ruleId);
}

describe('no sleeps or wall-clock bounds in tests', () => {
  const cases: [string, string, string][] = [
    ['a promised setTimeout', 'export const f = async () => { await new Promise((r) => setTimeout(r, 500)); };\n', 'no-restricted-syntax'],
    ['timers/promises', "import { setTimeout as sleep } from 'node:timers/promises';\nexport const f = () => sleep(5);\n", 'no-restricted-imports'],
    ["Playwright's waitForTimeout", 'export const f = async (page: { waitForTimeout(ms: number): Promise<void> }) => { await page.waitForTimeout(500); };\n', 'no-restricted-syntax'],
    ['a Date.now() - t0 bound', 'const t0 = Date.now();\nexport const ok = Date.now() - t0 < 1_000;\n', 'no-restricted-syntax'],
    ['a performance.now() - t0 bound', 'const t0 = performance.now();\nexport const ok = performance.now() - t0 < 1_000;\n', 'no-restricted-syntax'],
  ];
  for (const [what, code, rule] of cases) {
    it(`refuses ${what} in a test file, allows it in tests/support and tests/bench`, async () => {
      expect(await ruleIds(code, 'tests/integration/x.test.ts')).toEqual([rule]);
      expect(await ruleIds(code, 'tests/support/x.ts')).toEqual([]);
      expect(await ruleIds(code, 'tests/bench/x.ts')).toEqual([]);
    });
  }

  it('lets a test name a time in the past (Date.now() minus a constant) and wait with eventually', async () => {
    const code = "import { eventually } from '../support/wait.js';\nexport const yesterday = Date.now() - 86_400_000;\nexport const f = () => eventually(async () => true);\n";
    expect(await ruleIds(code, 'tests/integration/x.test.ts')).toEqual([]);
  });
});
