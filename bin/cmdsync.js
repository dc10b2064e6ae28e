#!/usr/bin/env node
// Launcher: the CLI is bundled into dist/ by `npm run build` (run by `npm install`).
// CommonJS (bin/package.json says so): a CommonJS entry starts a few ms sooner
// than an ES module one, and `cmdsync lint` runs in pre-commit hooks. Lint has
// a bundle of its own that starts from V8's code cache (src/cli/lint-launch.cts).
'use strict';

require('node:module').enableCompileCache?.(); // Node 22+; on Node 20 lint's own cache does this job.
if (process.argv[2] === 'lint') require('../dist/cli-lint/launch.cjs');
else {
  // The HTTP client's parser is WebAssembly: Node 20's V8 optimises it in the background and a process
  // that is done waits at exit for that to finish (0.25 s quiet, seconds on a loaded CI machine).
  // A command sends a few dozen requests at most, which the baseline compiler serves well.
  // Measured (farm-bench, plan --emulator): 0.70x on Node 20; 22 and 24 do not wait (0.97x, 1.05x).
  if (Number.parseInt(process.versions.node, 10) < 22) require('node:v8').setFlagsFromString('--liftoff-only');
  import('../dist/cli-bundle/main.js');
}
