import { LINT_FORMATS, type LintFormat } from '../report/lint/types.js';
import type { LintCommandOptions } from './commands/lint.js';

/**
 * `cmdsync lint …` as a pre-commit hook writes it: file names and the lint
 * options, each valid. Anything else (help, version, an unknown or malformed
 * option, `--`) returns undefined and the caller hands the whole command line
 * to the full program, which owns every message about usage. A hook thus
 * never loads the option parser, and both paths read the same arguments the
 * same way (test/cli/lint-args.test.ts checks them against the program).
 */
export function parseLintArgs(argv: readonly string[]): LintCommandOptions | undefined {
  if (argv[0] !== 'lint') return undefined;
  const out: LintCommandOptions = { files: [], quiet: false };
  let json = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg[0] !== '-' || arg === '-') {
      out.files.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const takesValue =
      name === '-m' ||
      name === '--manifest' ||
      name === '-f' ||
      name === '--format' ||
      name === '--max-warnings' ||
      name === '-C' ||
      name === '--chdir' ||
      name === '--stdin-filename';
    if (!takesValue && eq !== -1) return undefined;
    let value: string | undefined;
    if (takesValue) {
      value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('-'))) return undefined;
    }
    switch (name) {
      case '-m':
      case '--manifest':
        out.manifest = value;
        break;
      case '-f':
      case '--format':
        if (!(LINT_FORMATS as readonly string[]).includes(value!)) return undefined;
        out.format = value as LintFormat;
        break;
      case '--max-warnings':
        if (!/^[0-9]+$/.test(value!) || !Number.isSafeInteger(Number(value))) return undefined;
        out.maxWarnings = Number(value);
        break;
      case '-q':
      case '--quiet':
        out.quiet = true;
        break;
      case '--json':
        json = true;
        break;
      case '--stdin-filename':
        out.stdinFilename = value;
        break;
      case '-C':
      case '--chdir':
        // Applied to the context by applyChdir, from the whole command line, on both paths.
        break;
      case '--color':
      case '--no-color':
        // Read by contextFor, from the whole command line, on both paths.
        break;
      default:
        return undefined;
    }
  }
  if (json) {
    // --json with another format is a usage error: the full program says so.
    if (out.format !== undefined && out.format !== 'json') return undefined;
    out.format = 'json';
  }
  return out;
}
