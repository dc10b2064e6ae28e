import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files side by side (one per core): much of the suite waits (child processes, the 3 s answer
    // deadline, rate-limit windows), and vitest's default on a 2-core machine is one at a time. Four
    // workers starved the CLI tests' child processes into their timeouts on a loaded machine, and
    // `isolate: false` broke discord.js's undici in test/clients, so neither is used.
    maxWorkers: 2,
  },
});
