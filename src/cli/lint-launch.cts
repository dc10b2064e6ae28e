/**
 * Starts `cmdsync lint` from V8's code cache (code-cache.cts). A pre-commit
 * hook runs lint in a fresh process on every commit; its bundle
 * (`dist/cli-lint/lint.cjs`) holds lint alone, so the cache the build writes
 * by linting the valid fixtures is small, and it starts sooner than the whole
 * CLI's (cli-launch.cts).
 */
import { runFromCodeCache, setV8Flags } from './code-cache.cjs';

/**
 * V8's optimizing compilers (TurboFan, and Maglev from Node 22) start on
 * lint's hottest functions a few milliseconds into the run, on background
 * threads. A lint of even a large manifest ends before it would use that code,
 * and the compiler threads take the CPU from it: on a 2-core machine they cost
 * a third of lint's own time (bench/lint.mjs). Raising the thresholds eightfold
 * lets a short run finish in the lower tiers, while a long one (thousands of
 * commands) still optimizes, and runs faster than with the defaults.
 *
 * The thresholds were renamed in V8 12, and V8 prints an error for a flag it
 * does not know, so they are set only for the versions known to have them.
 * Thresholds are read when V8 decides to tier up, so setting them before any
 * lint code runs is safe.
 */
function tieringFlags(v8Version: string): string | undefined {
  const major = Number(v8Version.split('.')[0]);
  // Node 20. The default budget is 66 KiB of bytecode per tick.
  if (major === 11) return '--interrupt-budget=540672';
  // Node 22, 24 and 26. Defaults: 3000, 400, 800 (500 on 24+) and 100 invocations.
  if (major >= 12 && major <= 14) {
    return '--invocation-count-for-turbofan=24000 --invocation-count-for-maglev=3200 --invocation-count-for-osr=4000 --invocation-count-for-maglev-osr=800';
  }
  return undefined;
}

const flags = tieringFlags(process.versions.v8);
if (flags !== undefined) setV8Flags(flags);
runFromCodeCache(__dirname, 'lint');
