import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer allow-list of .dependency-cruiser.cjs, run by dependency-cruiser's own command line (as
// `npm run boundaries` runs it in `npm test`) over a small tree laid out like the repository: each
// forbidden edge (a Node built-in or an unlisted package in domain, a dynamic import and a Temporal
// client in workflows, a type import from api into workflows, a cycle made of type imports) is
// reported, and the allowed ones (listed packages, type imports of activities) are not.
const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

const FILES: Record<string, string> = {
  'domain/rules.ts': "import { object } from 'superstruct';\nexport const shape = object({});\n",
  'domain/reads-files.ts': "import { readFileSync } from 'fs';\nexport const read = readFileSync;\n",
  'domain/talks-to-db.ts': "import mongoose from 'mongoose';\nexport const m = mongoose;\n",
  'infra/db.ts': "import { shape } from '../domain/rules.js';\nexport const db = shape;\n",
  'workers/activities.ts': "export interface Activities { pay(): Promise<void> }\n",
  'workflows/process.ts': "import type { Activities } from '../workers/activities.js';\nimport { sleep } from '@temporalio/workflow';\nexport type A = Activities;\nexport const s = sleep;\n",
  'workflows/loads-infra.ts': "export const load = () => import('../infra/db.js');\n",
  'workflows/starts-runs.ts': "import { Client } from '@temporalio/client';\nexport const c = Client;\n",
  'api/routes.ts': "import type { A } from '../workflows/process.js';\nimport { db } from '../infra/db.js';\nexport type B = A;\nexport const d = db;\n",
  'web/src/page.ts': "import { createHash } from 'crypto';\nimport { shape } from '../../domain/rules.js';\nexport const h = [createHash, shape];\n",
  'support/cli.ts': "import type { Flags } from './command.js';\nexport type F = Flags;\nexport interface Options { json?: boolean }\n",
  'support/command.ts': "import type { Options } from './cli.js';\nexport type Flags = Options;\n",
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Violation { from: string; to: string; rule: { name: string } }

describe('layer allow-list and cycles (dependency-cruiser)', () => {
  it('reports each forbidden edge and nothing else', () => {
    const run = spawnSync(process.execPath, [CLI, 'domain', 'infra', 'workers', 'workflows', 'api', 'web', 'support', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: dir, encoding: 'utf8' });
    const found = (JSON.parse(run.stdout).summary.violations as Violation[])
      .map((v) => `${v.rule.name} ${v.from} -> ${v.to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, 'npm:$1')}`)
      .sort();
    expect(found).toEqual([
      'no-circular support/cli.ts -> support/command.ts',
      'not-in-allowed api/routes.ts -> workflows/process.ts',
      'not-in-allowed domain/reads-files.ts -> fs',
      'not-in-allowed domain/talks-to-db.ts -> npm:mongoose',
      'not-in-allowed web/src/page.ts -> crypto',
      'not-in-allowed workflows/loads-infra.ts -> infra/db.ts',
      'not-in-allowed workflows/starts-runs.ts -> npm:@temporalio/client',
    ]);
  });
});
