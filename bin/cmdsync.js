#!/usr/bin/env node
// Launcher: the CLI is bundled into dist/ by `npm run build` (run by `npm install`).
// `cmdsync lint` (pre-commit hooks) has a single-file bundle of its own.
// Node 22+ can cache compiled code between runs; on Node 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
await import(process.argv[2] === 'lint' ? '../dist/cli-lint.js' : '../dist/cli-bundle/main.js');
