import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import type { CliContext } from './context.js';

export interface CapturedRun {
  code: number;
  /** What the command wrote to stdout (its `--json` document). */
  stdout: string;
  /** Its `error:` lines, already redacted by the command, for a report elsewhere. */
  errors: string[];
  /** The directory it worked from in the end (after `-C` and the manifest's directory). */
  cwd: string;
}

/**
 * Runs a cmdsync command in this process, as `cmdsync ARGV` would run, with
 * its stdout kept for the caller and its stderr passed through to the log
 * (and its error lines kept too). The terminal is treated as not one: no
 * colour, no prompt, no spinner.
 */
export async function runCaptured(argv: string[], ctx: CliContext): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      stdout += chunk.toString();
      done();
    },
  });
  const err = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      stderr += chunk.toString();
      ctx.stderr.write(chunk, () => done());
    },
  });
  const inner: CliContext = {
    cwd: ctx.cwd,
    env: ctx.env,
    stdout: out,
    stderr: err,
    stdin: ctx.stdin,
    terminal: { stdoutIsTTY: false, stderrIsTTY: false, color: false, interactive: false, isCI: ctx.terminal.isCI, isGitHubActions: ctx.terminal.isGitHubActions },
  };
  const { runCli } = await import('./program.js');
  const code = await runCli(argv, inner);
  const errors = stripVTControlCharacters(stderr)
    .split('\n')
    .filter((line) => /^(error|internal error|Error):? /.test(line));
  return { code, stdout, errors, cwd: inner.cwd };
}
