import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, run through ESLint itself on snippets placed in a layer, so a
// forbidden import is shown to fail `npm test` and an allowed one to pass.
const ROOT = resolve(import.meta.dirname, '../..');

/** The rule ids ESLint reports for `code` as if it were the file `filePath`. */
async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  // Without type information: the project service knows real files only, the import rules need no
  // types, and a type-aware run of one snippet takes about 20 s on this machine.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result.messages.map((m) => m.ruleId);
}

describe('layer rules', () => {
  it('api may not import a workflow, not even its types', async () => {
    expect(await ruleIds("import type { X } from '../workflows/withdrawal.js';\nexport type Y = X;\n", 'api/x.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
  });

  it('domain may not import Node built-ins', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", 'domain/x.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await ruleIds("import { createHash } from 'crypto';\nexport const f = createHash;\n", 'domain/x.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
  });

  it('workflows take activity types but no activity code', async () => {
    expect(await ruleIds("import type { A } from '../workers/activities/wallet.js';\nexport type B = A;\n", 'workflows/x.ts')).toEqual([]);
    expect(await ruleIds("import { createWalletActivities } from '../workers/activities/wallet.js';\nexport const c = createWalletActivities;\n", 'workflows/x.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
  });

  it('lets the allowed directions through', async () => {
    const clean = "import { DomainError } from '../domain/errors.js';\nimport { connect } from '../infra/db.js';\nexport const x = [DomainError, connect];\n";
    expect(await ruleIds(clean, 'api/x.ts')).toEqual([]);
    // A folder named like a layer inside another layer is not that layer.
    expect(await ruleIds("import { api } from '../lib/api';\nexport const a = api;\n", 'web/src/pages/x.ts')).toEqual([]);
    expect(await ruleIds("import { createApp } from '../../../api/app.js';\nexport const a = createApp;\n", 'web/src/pages/x.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await ruleIds("import { ErrorKind } from './errors.js';\nexport type K = ErrorKind;\n", 'domain/x.ts')).toEqual([]);
  });
});
