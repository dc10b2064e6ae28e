import { runLint } from './commands/lint.js';
import { contextFor, createProgram, handleError, registerLint } from './program-base.js';

/**
 * The entry `bin/cmdsync.js` uses for `cmdsync lint`: bundled on its own, so a
 * pre-commit hook loads one file (the full CLI is split into many chunks).
 * Same program, options and exit codes as `cmdsync lint` in the full CLI.
 */
const argv = process.argv.slice(2);
const ctx = contextFor(argv);
let exitCode = 0;
const program = createProgram(ctx);
registerLint(program, ctx, (code) => (exitCode = code), async () => runLint);
try {
  await program.parseAsync(argv, { from: 'user' });
  process.exitCode = exitCode;
} catch (err) {
  process.exitCode = handleError(err, ctx, 2);
}
