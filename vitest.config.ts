import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A hang still fails; 30 s was too little for a test that runs the built binary five or six times while
    // the machine's two cores are shared (three CLI tests timed out at 30 s in a run at load 16).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files side by side (one per core): much of the suite waits (child processes, the 3 s answer
    // deadline, rate-limit windows), and vitest's default on a 2-core machine is one at a time. Four
    // workers starved the CLI tests' child processes into their timeouts on a loaded machine, and
    // `isolate: false` broke discord.js's undici in test/clients, so neither is used.
    maxWorkers: 2,
  },
});
