import { detectTerminal, type TerminalInfo } from '../report/terminal.js';

/** Everything a command touches of the outside world, injected so tests can run it in-process. */
export interface CliContext {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  terminal: TerminalInfo;
}

export function processContext(colorFlag?: boolean): CliContext {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    terminal: detectTerminal({
      env: process.env,
      stdinIsTTY: !!process.stdin.isTTY,
      stdoutIsTTY: !!process.stdout.isTTY,
      stderrIsTTY: !!process.stderr.isTTY,
      colorFlag,
    }),
  };
}

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : text + '\n');
}
