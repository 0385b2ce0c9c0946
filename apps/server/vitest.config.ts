import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Limits for a 2-core machine that other work keeps busy (load 10+): a fresh database with its
    // migrations and the job queue can take over a minute to set up there. Tests wait on events or
    // an injected clock, never on a fixed stretch of wall time, so a slow run is slow, not failed.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Each test file gets its own database; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});
