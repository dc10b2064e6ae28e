import { main } from './action-main.js';
import { setV8Flags } from './code-cache.cjs';

// The action bundle's top level (scripts/build-action.mjs): the runner starts it as `node action/index.cjs`.
// As the CLI's launcher does (cli-launch.cts): on Node 20 a process that sent HTTP requests waits at exit for V8
// to optimise the HTTP client's WebAssembly parser, which a step's few requests do not need. The runner's Node 24 does not wait.
if (Number.parseInt(process.versions.node, 10) < 22) setV8Flags('--liftoff-only');
void main().then((code) => {
  process.exitCode = code;
});
