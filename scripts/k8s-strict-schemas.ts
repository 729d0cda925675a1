/**
 * Makes the Kubernetes JSON schemas kubeconform reads offline (deploy/k8s/schemas/README.md): each
 * standalone schema of the kinds deploy/k8s uses, made strict the way openapi2jsonschema's `--strict`
 * does (`additionalProperties: false` on the document and on every object under `properties` that
 * declares properties and no additionalProperties), so a misspelt or misplaced field is refused.
 * Descriptions are dropped: kubeconform never reads them, and they are most of each file's size.
 *
 *   npx tsx scripts/k8s-strict-schemas.ts <folder of standalone schemas> <kind file>...
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SCHEMA_DIR = resolve('deploy/k8s/schemas/v1.34.0-standalone-strict');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** openapi2jsonschema's util.additional_properties: objects nested in dicts only (lists are left as they are). */
function strict(node: Json): Json {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'properties' in v && !('additionalProperties' in v)) {
      out[k] = strict({ ...v, additionalProperties: false });
    } else out[k] = strict(v);
  }
  return out;
}

/** Every `description` text, except a field of that name under `properties`. */
function withoutDescriptions(node: Json, underProperties = false): Json {
  if (Array.isArray(node)) return node.map((n) => withoutDescriptions(n));
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description' && typeof v === 'string' && !underProperties) continue;
    out[k] = withoutDescriptions(v, k === 'properties');
  }
  return out;
}

const [from, ...kinds] = process.argv.slice(2);
if (!from || kinds.length === 0) {
  console.error('usage: tsx scripts/k8s-strict-schemas.ts <folder of standalone schemas> <kind file>...');
  process.exit(2);
}
mkdirSync(SCHEMA_DIR, { recursive: true });
for (const file of kinds) {
  const schema = JSON.parse(readFileSync(join(from, file), 'utf8')) as { [key: string]: Json };
  const made = withoutDescriptions({ ...schema, additionalProperties: false, properties: strict(schema.properties ?? {}) });
  writeFileSync(join(SCHEMA_DIR, file), `${JSON.stringify(made, null, 1)}\n`);
  console.log(`${file}: ${JSON.stringify(made).length} bytes`);
}
