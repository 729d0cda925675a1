import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs no servers; `integration` gets real MongoDB and Temporal from the
// global setup (dev-services), started once per run.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // The servers are real and the machine has 2 cores: two files at a time keeps timings honest.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Unit files share the 2 cores with integration files: the 5 s default failed ESLint's
          // layer test and the simulator's state test under load (each under 1 s and 5 s when alone).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a page or a server will show; its 1 s default failed a check on a
          // loaded CI run (an answer still "Checking availability…" after 1 s). The asserted value is unchanged.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time: every file has its own database, task queues and ports, and most of a
          // file's time is spent waiting on real servers, so two overlap well on two cores.
          fileParallelism: true,
        },
      },
    ],
  },
});
