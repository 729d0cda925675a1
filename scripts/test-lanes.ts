/**
 * The tests of `npm test`, in two vitest processes at once:
 * - the main lane: the unit files and the integration and browser files, two at a time (vitest.config.ts);
 * - the waiting lane: the files that mostly wait for killed processes, Temporal's timeouts or a freeze
 *   (the `waiting` project), one at a time.
 * The waiting files used to hold one of the two places for minutes while the cores idled. Each process
 * starts its own servers (tests/support/global-setup.ts). The waiting lane's lines are prefixed
 * `[waiting]`; the exit code is the first failing lane's, 0 when both pass.
 *
 * With arguments (`npm test -- tests/unit/x.test.ts`, `-t name`) one plain `vitest run` gets them: a
 * filter is for one look at a few files, not for lanes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const extra = process.argv.slice(2);

interface Lane { name: string; args: string[]; prefix: string }
const LANES: Lane[] = extra.length > 0
  ? [{ name: 'vitest', args: ['run', ...extra], prefix: '' }]
  : [
      { name: 'main', args: ['run', '--project', 'unit', '--project', 'unit-i18n', '--project', 'integration'], prefix: '' },
      { name: 'waiting', args: ['run', '--project', 'waiting', '--maxWorkers', '1'], prefix: '[waiting] ' },
    ];

function run(lane: Lane): Promise<number> {
  return new Promise((done) => {
    const child = spawn(vitest, lane.args, { cwd: root, stdio: lane.prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (lane.prefix) {
      // Whole lines only, so the two lanes' lines never mix within one.
      for (const [from, to] of [[child.stdout!, process.stdout], [child.stderr!, process.stderr]] as const) {
        let rest = '';
        from.on('data', (d: Buffer) => {
          const lines = (rest + d.toString()).split('\n');
          rest = lines.pop()!;
          for (const l of lines) to.write(`${lane.prefix}${l}\n`);
        });
        from.on('end', () => { if (rest) to.write(`${lane.prefix}${rest}\n`); });
      }
    }
    child.on('error', (e) => { process.stderr.write(`[test-lanes] ${lane.name}: ${e.message}\n`); done(1); });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(LANES.map(run));
LANES.forEach((l, i) => process.stdout.write(`[test-lanes] ${l.name}: ${codes[i] === 0 ? 'passed' : `FAILED (exit ${codes[i]})`}\n`));
process.exit(codes.find((c) => c !== 0) ?? 0);
