/**
 * .env.example and docs/configuration.md, written from the schema by `npm run config:docs`
 * (scripts/config-docs.ts); tests/unit/config-docs.test.ts fails when the files in the repository
 * differ from what this renders.
 */
import { OPERATOR_WRITES, SCHEMA, type Variable } from './schema.js';

export const ENV_EXAMPLE_FILE = '.env.example';
export const CONFIG_DOC_FILE = 'docs/configuration.md';

/** Whether an operator must set it for a production deployment. */
export function mustSetInProduction(spec: Variable): boolean {
  const deployed = (ps: readonly string[]) => ps.some((p) => OPERATOR_WRITES.includes(p as never));
  const prod = spec.production?.required;
  return Boolean((spec.required && deployed(spec.required)) || prod === true || (prod && deployed(prod)) || spec.production?.rule.startsWith('required'));
}

function defaultOf(spec: Variable): string {
  if (spec.defaultText !== undefined) return spec.defaultText;
  if (spec.default === undefined) return '';
  if (spec.kind === 'flag') return spec.default ? '1' : '0';
  if (spec.kind === 'list') return (spec.default as readonly string[]).join(',');
  return String(spec.default);
}

/** The value .env.example shows for an optional variable: the default when it is a plain value. */
function exampleDefault(spec: Variable): string {
  if (spec.default === undefined) return '';
  if (spec.kind === 'flag') return spec.default ? '1' : '0';
  if (spec.kind === 'list') return (spec.default as readonly string[]).join(',');
  return String(spec.default);
}

function typeOf(spec: Variable): string {
  switch (spec.kind) {
    case 'integer':
    case 'number': {
      const word = spec.kind === 'integer' ? 'integer' : 'number';
      const low = spec.kind === 'number' && spec.exclusiveMin !== undefined ? `> ${spec.exclusiveMin}` : spec.min !== undefined ? `≥ ${spec.min}` : '';
      return spec.max !== undefined ? `${word} ${spec.kind === 'number' && spec.exclusiveMin !== undefined ? `> ${spec.exclusiveMin}` : spec.min ?? ''}–${spec.max}`.replace(' –', ' ≤ ') : `${word}${low ? ` ${low}` : ''}`;
    }
    case 'flag': return '0 or 1';
    case 'list': return 'comma list';
    case 'url': return 'URL';
    case 'string': return spec.values ? `one of ${spec.values.join(', ')}` : spec.pattern ? 'string (form in the description)' : 'string';
  }
}

const productionOf = (spec: Variable): string => (spec.production ? spec.production.rule : '');
const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderEnvExample(): string {
  const out = [
    '# Coin Market: every variable the deployed processes (api, worker, simulator, support tool) and docker-compose.yml read.',
    '# Generated from infra/config/schema.ts by `npm run config:docs`; edit the schema, not this file.',
    '# Uncommented (NAME=): an operator must set it for production (NODE_ENV=production).',
    '# Commented (# NAME=default): optional; the value shown is the default. An empty value counts as unset.',
    '# Each process checks its variables at start and exits 2 naming every bad one (docs/configuration.md).',
    '',
    'NODE_ENV=production',
  ];
  for (const [group, vars] of Object.entries(SCHEMA)) {
    const shown = Object.entries(vars as Record<string, Variable>).filter(([name, spec]) => name !== 'NODE_ENV' && spec.processes.some((p) => OPERATOR_WRITES.includes(p)));
    if (!shown.length) continue;
    out.push('', `# ---- ${group} ----`);
    for (const [name, spec] of shown) {
      out.push(`# ${spec.description} (${spec.processes.filter((p) => OPERATOR_WRITES.includes(p)).join(', ')})`);
      const notes = [
        spec.production ? `production: ${spec.production.rule}` : '',
        spec.defaultText !== undefined ? `default: ${spec.defaultText}` : '',
        spec.example ? `e.g. ${spec.example}` : '',
      ].filter(Boolean);
      if (notes.length) out.push(`# ${notes.join('; ')}`);
      out.push(mustSetInProduction(spec) ? `${name}=` : `# ${name}=${exampleDefault(spec)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function renderConfigDoc(): string {
  const out = [
    '# Configuration',
    '',
    '<!-- Generated from infra/config/schema.ts by `npm run config:docs`; edit the schema, not this file (tests/unit/config-docs.test.ts checks it). -->',
    '',
    'Every environment variable of every process. The schema (`infra/config/schema.ts`) is the one list:',
    'each process (api, worker, simulator, support tool, `npm start`, the mail catcher) checks the',
    'variables it reads when it starts and, if any is bad, exits with code 2 printing one line per bad',
    'variable and why (never a secret\'s value). An empty value counts as unset. `.env.example` is the',
    'list an operator fills in: uncommented lines must be set for production.',
    '',
    'With `NODE_ENV=production` the rules in the "Production" column apply as well: no provider or SMTP',
    'default (a forgotten one would pay nothing and say "paid", or keep sign-in codes in a mail catcher),',
    'secrets of real strength, and the test and local switches refused.',
    '',
  ];
  for (const [group, vars] of Object.entries(SCHEMA)) {
    out.push(`## ${group}`, '', '| Variable | Type | Default | Read by | Production | Description |', '|---|---|---|---|---|---|');
    for (const [name, spec] of Object.entries(vars as Record<string, Variable>)) {
      const required = spec.required ? `required (${spec.required.join(', ')})` : '';
      const dflt = [required, defaultOf(spec)].filter(Boolean).join('; ');
      out.push(`| \`${name}\`${spec.secret ? ' (secret)' : ''} | ${cell(typeOf(spec))} | ${cell(dflt)} | ${spec.processes.join(', ')} | ${cell(productionOf(spec))} | ${cell(spec.description)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
