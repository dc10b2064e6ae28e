#!/usr/bin/env node
// Launcher: the CLI is bundled into dist/ by `npm run build` (run by `npm install`).
import '../dist/cli-bundle/main.js';
