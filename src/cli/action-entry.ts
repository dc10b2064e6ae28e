import { main } from './action-main.js';

// The action bundle's top level (scripts/build-action.mjs): the runner starts it as `node action/index.cjs`.
void main().then((code) => {
  process.exitCode = code;
});
