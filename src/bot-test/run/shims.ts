/**
 * The connection shims the runner gives a bot (issue 38): a Node preload
 * (`NODE_OPTIONS=--require`) and a Python `sitecustomize` (first on
 * PYTHONPATH), under `shims/` of the package. They point the libraries'
 * default API base and gateway at the emulator, so a bot that never names
 * them runs unchanged; a library they do not know still reads the runner's
 * variables. Each says on stderr when it took hold (`[cmdsync] shim: …`).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_PRELOAD = join('shims', 'node', 'cmdsync-preload.cjs');
const PYTHON_DIR = join('shims', 'python');

/** The package's root: the folder above this module (dist/bot-test/run/, the CLI bundle, or src/ under tests) that holds `shims/`. */
export function findShimRoot(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, NODE_PRELOAD))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** `env` with the shims added: the preload after any NODE_OPTIONS the user set, the Python folder before their PYTHONPATH. */
export function withShims(env: NodeJS.ProcessEnv, root: string | undefined = findShimRoot()): NodeJS.ProcessEnv {
  if (root === undefined) return env;
  const preload = `--require ${JSON.stringify(join(root, NODE_PRELOAD))}`;
  const python = join(root, PYTHON_DIR);
  return {
    ...env,
    NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${preload}` : preload,
    PYTHONPATH: env.PYTHONPATH ? `${python}:${env.PYTHONPATH}` : python,
  };
}

/** A line a shim printed to say it took hold: what it did (`@discordjs/rest (discord.js) points at the emulator`). */
export function shimLine(line: string): string | undefined {
  return /^\[cmdsync\] shim: (.+)$/.exec(line)?.[1];
}
