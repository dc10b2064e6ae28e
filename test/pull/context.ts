import { PassThrough, Writable } from 'node:stream';
import type { CliContext } from '../../src/cli/context.js';

export interface CapturedContext extends CliContext {
  out(): string;
  err(): string;
}

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** A CliContext for in-process runs: given env and cwd, captured streams, no TTY, no colour. */
export function captureContext(cwd: string, env: Record<string, string | undefined>): CapturedContext {
  const stdout = new Sink();
  const stderr = new Sink();
  const stdin = new PassThrough();
  stdin.end();
  return {
    cwd,
    env,
    stdout,
    stderr,
    stdin,
    terminal: {
      stdoutIsTTY: false,
      stderrIsTTY: false,
      color: false,
      isCI: false,
      isGitHubActions: env.GITHUB_ACTIONS === 'true',
      interactive: false,
    },
    out: () => stdout.text,
    err: () => stderr.text,
  };
}
