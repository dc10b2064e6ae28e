import { parseArgs } from 'node:util';
import { LINT_FORMATS, type LintFormat } from '../report/lint/types.js';
import type { LintCommandOptions } from './commands/lint.js';

/** The lint command's options as `registerLint` declares them; `-C`, `--color` and `--no-color` are read from the whole command line on both paths. */
const OPTIONS = {
  manifest: { type: 'string', short: 'm' },
  format: { type: 'string', short: 'f' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  json: { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  chdir: { type: 'string', short: 'C' },
  color: { type: 'boolean' },
  // Node 20's parseArgs has no negated options of its own.
  'no-color': { type: 'boolean' },
} as const;

/**
 * `cmdsync lint …` as a pre-commit hook writes it: file names and the lint
 * options, each valid, read by Node's `parseArgs` (strict). Anything else
 * (help, version, an unknown or malformed option, grouped or attached short
 * options, `--`) returns undefined and the caller hands the whole command
 * line to the full program, which owns every message about usage. A hook
 * thus never loads the option parser, and both paths read the same
 * arguments the same way (test/cli/lint-args.test.ts checks them against the
 * program).
 */
export function parseLintArgs(argv: readonly string[]): LintCommandOptions | undefined {
  if (argv[0] !== 'lint') return undefined;
  const args = argv.slice(1);
  const parsed = strictParse(args);
  if (!parsed) return undefined;
  // `--` and `-qf`/`-mFILE` are read differently by commander: the full program says what they mean.
  if (
    parsed.tokens.some(
      (t) =>
        t.kind === 'option-terminator' ||
        (t.kind === 'option' && !args[t.index].startsWith('--') && args[t.index].length > 2),
    )
  )
    return undefined;
  const { values, positionals } = parsed;
  const out: LintCommandOptions = { files: positionals, quiet: values.quiet === true };
  if (values.manifest !== undefined) out.manifest = values.manifest;
  if (values.format !== undefined) {
    if (!(LINT_FORMATS as readonly string[]).includes(values.format)) return undefined;
    out.format = values.format as LintFormat;
  }
  const max = values['max-warnings'];
  if (max !== undefined) {
    if (!/^[0-9]+$/.test(max) || !Number.isSafeInteger(Number(max))) return undefined;
    out.maxWarnings = Number(max);
  }
  if (values['stdin-filename'] !== undefined) out.stdinFilename = values['stdin-filename'];
  if (values.json) {
    // --json with another format is a usage error: the full program says so.
    if (out.format !== undefined && out.format !== 'json') return undefined;
    out.format = 'json';
  }
  return out;
}

/** parseArgs in strict mode, or undefined where it refuses the line (an unknown option, a missing or ambiguous value). */
function strictParse(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch {
    return undefined;
  }
}
