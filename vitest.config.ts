import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs no servers; `integration` gets real MongoDB and Temporal from the
// global setup (dev-services), started once per run.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two files at a time on the 2-core machine, which they keep about 85 % busy. Three were tried: CI at
    // 131e802 took 1,610 s with every file about twice as long; the same changes at two took 1,557 s (2d7a6ab).
    // Tried again with the integration files sharing their processes: 63 files in 19.5 min at three, 137 in 21.4 at two.
    // A third place only for the kill and restart files, in a second vitest, was slower too (docs/performance.md, 2026-11-29).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // It asserts which text parts are not loaded yet; the files around it load them all.
          exclude: ['tests/unit/web-i18n.test.ts'],
          // Unit files share the 2 cores with integration files: the 5 s default failed ESLint's
          // layer test and the simulator's state test under load (each under 1 s and 5 s when alone).
          testTimeout: 30_000,
          // Unit files share no state (fake timers and stubbed globals are restored after each test), so one
          // process runs them all without loading the modules again for each file: the unit project took
          // 12 s of CPU instead of 30 s (27.6 s wall instead of 65.9 s on the loaded 2-core machine).
          isolate: false,
        },
      },
      {
        test: { name: 'unit-i18n', include: ['tests/unit/web-i18n.test.ts'], testTimeout: 30_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // MONGODB_MIGRATE_AT_CONNECT (env below) needs the migration handed to infra/db.ts in each test file's process;
          // the file's sweep schedules are deleted when it ends.
          // One Temporal runtime per process, installed before any file makes a worker (temporal-runtime.ts).
          setupFiles: ['tests/support/temporal-runtime.ts', 'tests/support/migrate-at-connect.ts', 'tests/support/sweep-schedules-cleanup.ts'],
          // Each worker process runs its files one after another without loading the modules again for each: 18 browser
          // files took 244 s and 236 CPU-s instead of 286 s and 304 CPU-s (vitest's setup + import 10 s instead of 53 s).
          // Setup files still run for every file; what a file changes in the process (environment variables, the
          // Temporal runtime's logger) it puts back when it ends.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a page or a server will show; its 1 s default failed a check on a
          // loaded CI run (an answer still "Checking availability…" after 1 s). The asserted value is unchanged.
          // A read every 100 ms, not vitest's 50: each is a page query or an HTTP call, CPU the other file wants.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Every API the tests start polls the live events collection when idle (15 ms in production, for
          // latency): at 100 ms an idle app costs the run's servers and its own process about 35 ms of CPU
          // a second less (4 idle apps for 15 s: 3.8 s of CPU at 15 ms, 1.7 s at 100 ms). Spawned apps inherit it.
          // Metrics ports off (infra/metrics/settings.ts): files run side by side, and a test that wants metrics serves them on port 0.
          // Indexes: each process runs the migration once per database it opens (production: the migrate step).
          // Workers the files kill (SIGKILL) leave their runs' next task on their sticky queue: Temporal hands it to
          // another worker after 2 s instead of its 10 s default (spawned workers and npm start stacks inherit it).
          env: { EVENTS_POLL_MS: '100', METRICS_PORT: '0', TEMPORAL_METRICS_PORT: '0', MONGODB_MIGRATE_AT_CONNECT: '1', TEMPORAL_STICKY_TIMEOUT_MS: '2000' },
          // Files side by side (maxWorkers above): every file has its own database, task queues and ports.
          fileParallelism: true,
        },
      },
    ],
  },
});
