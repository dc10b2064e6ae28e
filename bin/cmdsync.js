#!/usr/bin/env node
// Launcher: the CLI is bundled into dist/ by `npm run build` (run by `npm install`).
// CommonJS (bin/package.json says so): a CommonJS entry starts a few ms sooner
// than an ES module one. Both bundles start from V8's code cache
// (src/cli/code-cache.cts); `cmdsync lint`, run by pre-commit hooks, has a
// smaller one of its own.
'use strict';

require('node:module').enableCompileCache?.(); // Node 22+: for this file and the launcher; the bundles have their own cache.
require(process.argv[2] === 'lint' ? '../dist/cli-lint/launch.cjs' : '../dist/cli-main/launch.cjs');
