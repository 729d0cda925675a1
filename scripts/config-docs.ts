/** `npm run config:docs`: writes .env.example and docs/configuration.md from infra/config/schema.ts. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_DOC_FILE, ENV_EXAMPLE_FILE, renderConfigDoc, renderEnvExample } from '../infra/config/docs.js';

const root = resolve(import.meta.dirname, '..');
writeFileSync(join(root, ENV_EXAMPLE_FILE), renderEnvExample());
writeFileSync(join(root, CONFIG_DOC_FILE), renderConfigDoc());
console.log(`wrote ${ENV_EXAMPLE_FILE} and ${CONFIG_DOC_FILE}`);
