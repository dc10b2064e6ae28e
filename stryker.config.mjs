// Mutation testing (`npm run mutate`): StrykerJS changes one operator, condition or value at a time in
// the folders below and runs the tests that cover it; a mutant no test notices is a gap in the tests.
// The score per folder and how to run one folder are in docs/mutation.md. Far too slow for `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  mutate: ['src/plan/**/*.ts', 'src/wire/**/*.ts', 'src/sync/**/*.ts', 'src/bot-test/match/**/*.ts'],
  // Each mutant runs only the tests that reached it in the first (unmutated) run.
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level table: the wire's enums, limits, defaults) cannot be traced to the
  // tests that read it, so Stryker runs all the tests for each: 1,638 of them at ~2 min each, 77% of a full run.
  // They are left out (reported as Ignored, outside the score); docs/mutation.md says so.
  ignoreStatic: true,
  // The machine is small and shared; raise it with `-- --concurrency 2` on a free one.
  concurrency: 1,
  // A loaded machine makes a test slow; a mutant is a timeout only well past its unmutated time.
  timeoutMS: 10_000,
  // Results kept in reports/ (gitignored): a second run re-tests only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox copy needs the sources, tests and fixtures, not the build outputs.
  ignorePatterns: [
    'dist',
    'dist-check',
    'dist.build-*',
    'dist.old-*',
    'coverage',
    'test-artifacts',
    'bench/results',
    '.cmdsync',
    'reports',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
