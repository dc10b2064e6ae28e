import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { parseErrorAnnotation } from '../report/github.js';
import type { CliContext } from './context.js';

export interface CapturedRun {
  code: number;
  /** What the command wrote to stdout (its `--json` document). */
  stdout: string;
  /** Its `error:` lines, already redacted by the command, for a report elsewhere. */
  errors: string[];
  /** Its whole stderr, without terminal escapes: the findings and sentences a failure leaves. */
  log: string;
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
  const log = stripVTControlCharacters(stderr);
  const errors = log.split('\n').flatMap((line) => (/^(error|internal error|Error):? /.test(line) ? [line] : annotationAsLine(line)));
  return { code, stdout, errors, log, cwd: inner.cwd };
}

/** One line saying why a run failed: its first error line, else its last words. */
export function failureLine(run: Pick<CapturedRun, 'errors' | 'log'>, fallback: string): string {
  return run.errors[0] ?? run.log.split('\n').map((l) => l.trim()).filter(Boolean).at(-1) ?? fallback;
}

/** The end of a failed run's stderr, for a comment: enough to see why, bounded. */
export function failureLog(run: Pick<CapturedRun, 'log'>, maxLines = 60): string[] {
  // Workflow commands are for the runner; a person reading the comment gets the plain finding.
  const lines = run.log.replace(/\s+$/, '').split('\n').map((l) => annotationAsLine(l)[0] ?? l);
  return lines.length > maxLines ? ['…', ...lines.slice(-maxLines)] : lines;
}

/** A GitHub `::error file=…,line=…,col=…::message` annotation as the `file:line:col: error: message` line it stands for. */
function annotationAsLine(line: string): string[] {
  const parsed = parseErrorAnnotation(line);
  if (!parsed) return [];
  const where = ['file', 'line', 'col'].map((k) => parsed.props.get(k)).filter((v) => v !== undefined).join(':');
  return [`${where ? `${where}: ` : ''}error: ${parsed.message}`];
}
