/**
 * The Kubernetes manifests (deploy/k8s), checked offline: kubeconform accepts them against the schemas kept
 * in the repository and refuses a broken copy naming the field; every process gets the settings the
 * configuration schema (infra/config/schema.ts) makes it require, secrets only from a Secret; every pod runs
 * as non-root on a read-only root file system with requests and limits; no metrics port is published; the
 * autoscalers' limits are the capacity plan's (docs/performance.md, "Capacity").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SPECS, type ProcessName, type Variable } from '../../infra/config/schema.js';
import { KUBECONFORM, KUBECONFORM_MISSING, kubeconformArgs, manifests } from '../../scripts/kubeconform.js';

if (!existsSync(KUBECONFORM)) {
  // CI must validate them: there a missing kubeconform is a failure, never a skip.
  if (process.env.CI === 'true') throw new Error(`${KUBECONFORM_MISSING}, and CI requires it`);
  console.warn(`\n!!! ${KUBECONFORM_MISSING}: tests/unit/k8s-manifests.test.ts's kubeconform cases SKIPPED !!!\n`);
}

interface EnvVar { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }
interface Container {
  name: string; image: string; command?: string[]; env?: EnvVar[]; ports?: { name: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[]; add?: string[] } };
}
interface PodSpec { containers: Container[]; securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } }
interface Resource {
  kind: string; metadata: { name: string };
  spec?: { template?: { spec: PodSpec }; type?: string; selector?: Record<string, string>; ports?: { port: number; targetPort?: string | number }[]; minReplicas?: number; maxReplicas?: number };
}

const resources: (Resource & { file: string })[] = manifests().flatMap((file) =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((d) => ({ ...(d.toJS() as Resource), file: basename(file) })));
const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name)!;
const pods = resources.filter((r) => r.spec?.template);
const containerOf = (kind: string, name: string) => named(kind, name).spec!.template!.spec.containers[0]!;

const kubeconform = (files: string[]) => {
  const r = spawnSync(KUBECONFORM, kubeconformArgs(files), { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};
const dir = mkdtempSync(join(tmpdir(), 'k8s-manifests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(KUBECONFORM))('kubeconform, offline, strict', () => {
  it('accepts every manifest of deploy/k8s', () => {
    const r = kubeconform(manifests());
    expect(r.out).toMatch(/Invalid: 0, Errors: 0, Skipped: 0/);
    expect(r.status, r.out).toBe(0);
  });

  it('refuses a misspelt field, a wrong type and a kind it has no schema for, naming each', () => {
    const worker = readFileSync(manifests().find((f) => f.endsWith('worker.yaml'))!, 'utf8');
    const misspelt = join(dir, 'misspelt.yaml');
    writeFileSync(misspelt, worker.replace('readOnlyRootFilesystem: true', 'readOnlyRootFileSystem: true'));
    let r = kubeconform([misspelt]);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain("at '/spec/template/spec/containers/0/securityContext': additional properties 'readOnlyRootFileSystem' not allowed");

    const wrongType = join(dir, 'wrong-type.yaml');
    writeFileSync(wrongType, worker.replace('maxReplicas: 24', 'maxReplicas: "many"'));
    r = kubeconform([wrongType]);
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/HorizontalPodAutoscaler worker is invalid.*'\/spec\/maxReplicas'/);

    const unknownKind = join(dir, 'unknown-kind.yaml');
    writeFileSync(unknownKind, 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: caddyfile, namespace: coin-market }\n');
    r = kubeconform([unknownKind]);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('could not find schema for ConfigMap');
  });
});

/** What the deployment must give process `p`: the schema's requirements, production's, and compose's own (this mirrors it). */
const requiredFor = (p: ProcessName, v: Variable): boolean => {
  const prod = v.production?.required;
  return Boolean(v.required?.includes(p) || prod === true && v.processes.includes(p)
    || Array.isArray(prod) && (prod.includes(p) || prod.includes('compose') && v.processes.includes(p)));
};

describe('the processes get the configuration schema\'s settings', () => {
  for (const [process, kind] of [['api', 'Deployment'], ['worker', 'Deployment'], ['migrate', 'Job']] as const) {
    it(`${process}: every variable it needs is set, each name is one it reads, secrets come from a Secret`, () => {
      const env = containerOf(kind, process).env ?? [];
      const names = env.map((e) => e.name);
      const missing = [...SPECS].filter(([, spec]) => requiredFor(process, spec)).map(([name]) => name).filter((n) => !names.includes(n));
      expect(missing).toEqual([]);
      // A name only other values expand (PUBLIC_HOST in `https://$(PUBLIC_HOST)`) need not be one the process reads.
      const expanded = env.flatMap((e) => [...(e.value ?? '').matchAll(/\$\(([A-Z_]+)\)/g)].map((m) => m[1]));
      const unknown = names.filter((n) => !SPECS.get(n)?.processes.includes(process) && !expanded.includes(n));
      expect(unknown).toEqual([]);
      const secretsInTheOpen = env.filter((e) => SPECS.get(e.name)?.secret && !e.valueFrom?.secretKeyRef).map((e) => e.name);
      expect(secretsInTheOpen).toEqual([]);
      expect(env.find((e) => e.name === 'NODE_ENV')?.value).toBe('production');
    });
  }

  it('migrate runs the same image as the api and the worker, with the migration command', () => {
    const image = containerOf('Deployment', 'api').image;
    expect(containerOf('Deployment', 'worker').image).toBe(image);
    expect(containerOf('Job', 'migrate').image).toBe(image);
    expect(containerOf('Job', 'migrate').command).toEqual(['node', 'dist/migrate.js']);
  });
});

describe('pods and what the public reaches', () => {
  it('every pod runs as non-root, read-only, without privilege escalation or capabilities, with requests and limits', () => {
    expect(pods.map((p) => p.metadata.name).sort()).toEqual(['api', 'caddy', 'migrate', 'worker']);
    for (const pod of pods) {
      const spec = pod.spec!.template!.spec;
      expect(spec.securityContext?.runAsNonRoot, pod.metadata.name).toBe(true);
      expect(spec.securityContext?.runAsUser, pod.metadata.name).toBeGreaterThan(0);
      for (const c of spec.containers) {
        expect(c.securityContext, c.name).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        // Caddy's binary carries a file capability that must stay in the bounding set to exec (caddy.yaml).
        expect(c.securityContext?.capabilities?.add ?? [], c.name).toEqual(c.name === 'caddy' ? ['NET_BIND_SERVICE'] : []);
        expect(Object.keys(c.resources?.requests ?? {}).sort(), c.name).toEqual(['cpu', 'memory']);
        expect(Object.keys(c.resources?.limits ?? {}).sort(), c.name).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('only Caddy is published, and no Service carries a metrics port', () => {
    const services = resources.filter((r) => r.kind === 'Service');
    expect(services.filter((s) => s.spec?.type === 'LoadBalancer' || s.spec?.type === 'NodePort').map((s) => s.metadata.name)).toEqual(['caddy']);
    expect(named('Service', 'caddy').spec!.ports!.map((p) => p.port)).toEqual([80, 443]);
    const metricsPorts = [...pods.flatMap((p) => p.spec!.template!.spec.containers.flatMap((c) => c.ports ?? []))]
      .filter((p) => p.name.endsWith('metrics')).map((p) => p.containerPort);
    expect(metricsPorts.sort()).toEqual([9464, 9465, 9466]);
    for (const s of services) {
      for (const port of s.spec?.ports ?? []) {
        expect(metricsPorts, `${s.metadata.name} port ${port.port}`).not.toContain(port.port);
        expect(String(port.targetPort), `${s.metadata.name} port ${port.port}`).not.toMatch(/metrics|946[456]/);
      }
    }
  });

  it('the autoscalers\' limits are the capacity plan\'s', () => {
    const plan = /HPA limits \(deploy\/k8s\): api (\d+)–(\d+), worker (\d+)–(\d+)/.exec(readFileSync('docs/performance.md', 'utf8'));
    expect(plan, 'docs/performance.md states the HPA limits').not.toBeNull();
    const [, apiMin, apiMax, workerMin, workerMax] = plan!.map(Number);
    expect(named('HorizontalPodAutoscaler', 'api').spec).toMatchObject({ minReplicas: apiMin, maxReplicas: apiMax });
    expect(named('HorizontalPodAutoscaler', 'worker').spec).toMatchObject({ minReplicas: workerMin, maxReplicas: workerMax });
  });
});
