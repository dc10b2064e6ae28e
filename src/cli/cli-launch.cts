/**
 * Starts the whole CLI (every command but lint, which has a bundle of its
 * own: lint-launch.cts) from V8's code cache (code-cache.cts): the bundle
 * `dist/cli-main/main.cjs` and the cache the build writes by applying the
 * example manifest to the embedded emulator. A command such as `plan` in a CI
 * step or `apply` in a script is a fresh process each time, and on Node 20 a
 * fifth of its CPU was compiling (bench/cli-start.md).
 */
import { runFromCodeCache, setV8Flags } from './code-cache.cjs';

// The HTTP client's parser is WebAssembly: Node 20's V8 optimises it in the background and a process
// that is done waits at exit for that to finish (0.25 s quiet, seconds on a loaded CI machine).
// A command sends a few dozen requests at most, which the baseline compiler serves well.
// Measured (whole-process timings, plan --emulator): 0.70x on Node 20; 22 and 24 do not wait (0.97x, 1.05x).
if (Number.parseInt(process.versions.node, 10) < 22) setV8Flags('--liftoff-only');
runFromCodeCache(__dirname, 'main');
