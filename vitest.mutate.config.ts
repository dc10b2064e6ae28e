import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` (Stryker, stryker.config.mjs) runs against each mutant of src/plan,
 * src/wire, src/sync and src/bot-test/match: the in-process tests of those folders and of their
 * nearest callers (lint's rules, the report, pull). Left out, because they cannot see a mutant or
 * would make every run minutes long: the CLI and browser tests (they spawn the built dist/, which
 * Stryker does not mutate), the bot-process and real-client tests (slow, and discord.js needs its
 * own module graph, vitest.config.ts's `isolated` project), the two corpus-wide agreement tests
 * and two seeded fuzz files (below). Stryker replaces the pool with one worker thread of its own.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As vitest.config.ts's `shared` project: the files of a worker share their imported modules.
    isolate: false,
    include: [
      'test/plan/**/*.test.ts',
      'test/wire/**/*.test.ts',
      'test/sync/**/*.test.ts',
      'test/bot-test/match*.test.ts',
      'test/manifest/**/*.test.ts',
      'test/report/**/*.test.ts',
      'test/pull/**/*.test.ts',
    ],
    exclude: [
      // Spawn or import the built dist/.
      'test/manifest/avatar-files.test.ts',
      'test/manifest/schema.test.ts',
      'test/pull/pull-everything.test.ts',
      // One test each over a whole corpus (15-19 s): it reaches nearly every mutant, so each surviving mutant
      // would cost that much again; and for a wire rule both sides of the agreement use the same rule, so
      // a mutant changes both alike and the agreement holds.
      'test/wire/lint-emulator-agreement.test.ts',
      'test/wire/plan-apply-agreement.test.ts',
      // Apply after a lost answer (src/apply, not mutated): waits out real settle windows, 5-17 s a file.
      'test/sync/command-lost-answer.test.ts',
      'test/sync/webhook-lost-answer.test.ts',
      // Times lint at n and 2n: under Stryker's instrumentation on a loaded machine the ratio fails the dry run.
      'test/manifest/linear-rules.test.ts',
      // Seeded fuzzing of the YAML reader and of lint, 80-90 s each.
      'test/manifest/hostile.test.ts',
      'test/manifest/block-yaml-manifests.test.ts',
    ],
  },
});
