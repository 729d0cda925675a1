import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    // The servers are real and the machine has 2 cores: fewer parallel files keeps timings honest.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
