import { createRequire } from 'node:module';
import { setColor } from '../report/color.js';
import { detectCi, detectTerminal, type TerminalInfo } from '../report/terminal.js';

const loadCommonJs = createRequire(import.meta.url);

/** Everything a command touches of the outside world, injected so tests can run it in-process. */
export interface CliContext {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  terminal: TerminalInfo;
}

/**
 * The real process, read on first use: the streams cost a few milliseconds
 * to create, and asking whether they are terminals loads Node's tty and net
 * modules, while a clean `cmdsync lint` (a pre-commit hook) writes nothing.
 * Whether each stream is a terminal is asked of its file descriptor, which is
 * what Node decides the stream's kind from.
 */
export function processContext(colorFlag?: boolean): CliContext {
  let full: TerminalInfo | undefined;
  const tty = (): TerminalInfo => {
    if (!full) {
      const { isatty } = loadCommonJs('node:tty') as typeof import('node:tty');
      full = detectTerminal({
        env: process.env,
        stdinIsTTY: isatty(0),
        stdoutIsTTY: isatty(1),
        stderrIsTTY: isatty(2),
        colorFlag,
      });
    }
    return full;
  };
  // CI and GitHub Actions come from the environment alone; the rest asks the descriptors.
  const { isCI, isGitHubActions } = detectCi(process.env);
  return {
    cwd: process.cwd(),
    env: process.env,
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    terminal: {
      isCI,
      isGitHubActions,
      get stdoutIsTTY() {
        return tty().stdoutIsTTY;
      },
      get stderrIsTTY() {
        return tty().stderrIsTTY;
      },
      get color() {
        return tty().color;
      },
      get interactive() {
        return tty().interactive;
      },
    },
  };
}

/** The context of a run: colour decided once, from flags and environment, and handed to the colour module. */
export function contextFor(argv: readonly string[], ctxOverride?: CliContext): CliContext {
  const colorFlag = argv.includes('--no-color') ? false : argv.includes('--color') ? true : undefined;
  const ctx = ctxOverride ?? processContext(colorFlag);
  setColor(() => ctx.terminal.color);
  return ctx;
}

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}
