/** .env.example and docs/configuration.md are generated from the schema (`npm run config:docs`): they never drift from it. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOC_FILE, ENV_EXAMPLE_FILE, mustSetInProduction, renderConfigDoc, renderEnvExample } from '../../infra/config/docs.js';
import { VARIABLES } from '../../infra/config/schema.js';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the generated configuration files', () => {
  it.each([[ENV_EXAMPLE_FILE, renderEnvExample], [CONFIG_DOC_FILE, renderConfigDoc]])('%s is what the schema renders (else run npm run config:docs)', (file, render) => {
    expect(read(file)).toBe(render());
  });

  it('.env.example leaves uncommented exactly what production must set, each after its description', () => {
    const lines = read(ENV_EXAMPLE_FILE).split('\n');
    const set = lines.filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l)).map((l) => l.split('=')[0]);
    const must = VARIABLES.filter((v) => mustSetInProduction(v.spec)).map((v) => v.name);
    expect(set).toEqual(['NODE_ENV', ...must]);
    expect(must).toEqual(expect.arrayContaining(['PROVIDER_URL', 'SMTP_URL', 'SECRETS_KEY', 'LIVE_TOKEN_SECRET', 'PUBLIC_URL', 'PAYOUT_CALLBACK_SECRET']));
    for (const name of must) expect(lines[lines.indexOf(`${name}=`) - 1], name).toMatch(/^# /);
  });

  it('the docs table lists every variable, and the README and platform docs link to it', () => {
    const doc = read(CONFIG_DOC_FILE);
    for (const { name } of VARIABLES) expect(doc).toContain(`| \`${name}\``);
    expect(read('README.md')).toContain('docs/configuration.md');
    expect(read('docs/platform.md')).toContain('configuration.md');
  });
});
