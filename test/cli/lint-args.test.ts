import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LintCommandOptions } from '../../src/cli/commands/lint.js';
import type { CliContext } from '../../src/cli/context.js';
import { parseLintArgs } from '../../src/cli/lint-args.js';
import { createProgram, registerLint } from '../../src/cli/program-base.js';
import { detectTerminal } from '../../src/report/terminal.js';

/** What the full program (commander) reads from the same command line, or the error it stops with. */
async function viaProgram(argv: string[]): Promise<LintCommandOptions | 'refused'> {
  const ctx: CliContext = {
    cwd: process.cwd(),
    env: {},
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    terminal: detectTerminal({ env: {}, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false }),
  };
  let seen: LintCommandOptions | undefined;
  const program = createProgram(ctx);
  registerLint(
    program,
    ctx,
    () => {},
    async () => async (opts) => {
      seen = opts;
      return 0;
    },
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch {
    return 'refused';
  }
  return seen ?? 'refused';
}

describe('the lint entry’s own reading of the command line', () => {
  it.each([
    [['lint']],
    [['lint', 'cmdsync.yaml']],
    [['lint', 'a.yaml', 'b.json', '-']],
    [['lint', '--format', 'unix', 'a.yaml']],
    [['lint', '-f', 'json', '-q', 'a.yaml']],
    [['lint', '--format=github', '--quiet']],
    [['lint', 'a.yaml', '--max-warnings', '0', 'b.yaml']],
    [['lint', '--max-warnings=12']],
    [['lint', '-m', 'path/to/manifest.yaml']],
    [['lint', '--manifest=x.yaml', '--format', 'stylish', '--format', 'json']],
    [['lint', '--no-color', 'a.yaml']],
    [['lint', '--color', '-q']],
    [['lint', '--json', 'a.yaml']],
    [['lint', '--json', '-f', 'json']],
    [['lint', '-C', 'sub', 'a.yaml']],
    [['lint', '--chdir=sub', '--stdin-filename', 'x.yaml', '-']],
    [['lint', '--max-warnings', '007', '-q', '--no-color']],
  ])('reads %j exactly as the full program does', async (argv) => {
    const fast = parseLintArgs(argv);
    expect(fast).toBeDefined();
    expect(fast).toEqual(await viaProgram(argv));
  });

  it.each([
    [['lint', '--help']],
    [['lint', '-h']],
    [['lint', '--version']],
    [['lint', '--format', 'xml']],
    [['lint', '--format']],
    [['lint', '--max-warnings', '-1']],
    [['lint', '--max-warnings', 'many']],
    [['lint', '--quiet=yes']],
    [['lint', '-qf', 'json']],
    [['lint', '--bogus']],
    [['lint', '--', '-file-with-dash.yaml']],
    [['lint', '-m']],
    [['plan']],
    [['lint', '--json', '--format', 'unix']],
    [['lint', '-mfoo.yaml']],
    [['lint', '--no-color=1']],
    [['lint', '--manifest', '--quiet']],
    [['lint', '--max-warnings', '99999999999999999999']],
  ])('leaves %j to the full program', (argv) => {
    expect(parseLintArgs(argv)).toBeUndefined();
  });

  it('reads --json as --format json, and refuses it with another format', async () => {
    expect(parseLintArgs(['lint', '--json'])).toEqual({ files: [], quiet: false, format: 'json' });
    expect(await viaProgram(['lint', '--json', '--format', 'unix'])).toBe('refused');
  });
});
