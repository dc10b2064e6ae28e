import { defineConfig } from 'vitest/config';

/**
 * Files that get a fresh module graph of their own: discord.js's undici broke
 * when it shared a worker with the other files (test/clients).
 */
const ISOLATED = ['test/clients/**/*.test.ts'];

export default defineConfig({
  test: {
    // A hang still fails; 30 s was too little for a test that runs the built binary five or six times while
    // the machine's two cores are shared (three CLI tests timed out at 30 s in a run at load 16).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files side by side (one per core): much of the suite waits (child processes, the 3 s answer
    // deadline, rate-limit windows), and vitest's default on a 2-core machine is one at a time. Four
    // workers starved the CLI tests' child processes into their timeouts on a loaded machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // The files of a worker share its imported modules: importing src/ again for every file was
          // most of the suite's time (24 emulator files: 150 s isolated, 23 s shared). Nothing in a test
          // may leave a global changed (fake timers are put back, no vi.mock, no process.env writes).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
