/**
 * kubeconform over deploy/k8s, offline: only the schemas kept in deploy/k8s/schemas (Kubernetes 1.34.0,
 * standalone and strict), never a download. -strict also refuses duplicate keys; a kind without a schema
 * there fails (no -ignore-missing-schemas), so a new kind must bring its schema. `npm run checks` runs it
 * (scripts/checks.ts), tests/unit/k8s-manifests.test.ts shows it refusing a broken manifest.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary } from '../infra/dev-services/cache.js';
import { KUBECONFORM_BINARY } from '../infra/dev-services/go-build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const KUBECONFORM = cachedBinary(KUBECONFORM_BINARY);
export const KUBERNETES_VERSION = '1.34.0';
export const MANIFESTS_DIR = path.join(root, 'deploy', 'k8s');
/** kubeconform's template: deploy/k8s/schemas/v1.34.0-standalone-strict/deployment-apps-v1.json and so on. */
const SCHEMAS = path.join(MANIFESTS_DIR, 'schemas', '{{.NormalizedKubernetesVersion}}-standalone{{.StrictSuffix}}', '{{.ResourceKind}}{{.KindSuffix}}.json');

/** Every manifest of deploy/k8s (the schemas folder holds JSON, not manifests). */
export const manifests = (): string[] => readdirSync(MANIFESTS_DIR).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(MANIFESTS_DIR, f));

export const kubeconformArgs = (files: string[]): string[] =>
  ['-strict', '-summary', '-kubernetes-version', KUBERNETES_VERSION, '-schema-location', SCHEMAS, ...files];

export const KUBECONFORM_MISSING = `kubeconform is not built (${KUBECONFORM}; \`npx tsx scripts/provision.ts\` builds it with Go)`;
