#!/usr/bin/env node
// Launcher: the CLI is bundled into dist/ by `npm run build` (run by `npm install`).
// CommonJS (bin/package.json says so): a CommonJS entry starts a few ms sooner
// than an ES module one, and `cmdsync lint` runs in pre-commit hooks. Lint has
// a bundle of its own that starts from V8's code cache (src/cli/lint-launch.cts).
'use strict';

require('node:module').enableCompileCache?.(); // Node 22+; on Node 20 lint's own cache does this job.
if (process.argv[2] === 'lint') require('../dist/cli-lint/launch.cjs');
else import('../dist/cli-bundle/main.js');
