/**
 * The static checks of `npm test` (`npm run checks`): the type-check, ESLint, the layer boundaries
 * (dependency-cruiser, `npm run boundaries`) and the Kubernetes manifests (kubeconform, offline:
 * scripts/kubeconform.ts), run at the same time.
 * Each is one single-threaded process (each builds its own TypeScript program), so on
 * the 2-core machine the pair takes about as long as the slower one instead of the sum of both.
 * Each one's output is printed whole when it ends; the exit code is the first failure's, 0 when all pass.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KUBECONFORM, KUBECONFORM_MISSING, kubeconformArgs, manifests } from './kubeconform.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const CHECKS: [name: string, command: string, args: string[]][] = [
  ['tsc', bin('tsc'), ['--noEmit', '-p', '.']],
  ['eslint', bin('eslint'), ['.']],
  // The same arguments as `npm run boundaries` (package.json).
  ['boundaries', bin('depcruise'), ['domain', 'workflows', 'infra', 'api', 'workers', 'support', 'web/src', 'scripts', 'tests', 'examples', '--config', '.dependency-cruiser.cjs']],
];

// deploy/k8s against the schemas kept beside it. CI must check them: there a missing kubeconform fails.
const kubeconformBuilt = existsSync(KUBECONFORM);
if (kubeconformBuilt) CHECKS.push(['kubeconform', KUBECONFORM, kubeconformArgs(manifests())]);
else if (process.env.CI === 'true') process.stdout.write(`[checks] kubeconform FAILED: ${KUBECONFORM_MISSING}, and CI requires it\n`);
else process.stdout.write(`\n!!! ${KUBECONFORM_MISSING}: deploy/k8s is NOT validated (kubeconform SKIPPED) !!!\n\n`);

function run([name, command, args]: (typeof CHECKS)[number]): Promise<number> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('error', (e) => { output += `${e.message}\n`; });
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`${output}[checks] ${name} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      done(code ?? 1);
    });
  });
}

const codes = await Promise.all(CHECKS.map(run));
if (!kubeconformBuilt && process.env.CI === 'true') codes.push(1);
process.exitCode = codes.find((c) => c !== 0) ?? 0;
