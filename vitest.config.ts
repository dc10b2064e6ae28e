import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Much of the suite waits (child processes, the 3 s answer deadline, rate-limit windows), so more
    // files than cores run side by side; vitest's default on a 2-core machine is one at a time.
    maxWorkers: 4,
    // A worker keeps its loaded modules from one file to the next instead of importing src/ afresh for
    // each (about half the time of a run of small files). Tests keep no state in modules: each starts
    // its own emulator, server and temp dir, and fake timers are restored after the test that sets them.
    isolate: false,
  },
});
