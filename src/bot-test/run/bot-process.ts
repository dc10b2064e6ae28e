/**
 * The bot under test as a process: a shell command started in the test
 * file's directory in a process group of its own, its output kept as lines
 * (redacted: every secret-named variable of its environment, its token
 * first), stopped by signalling the whole group and every process that
 * carries the bot's mark, whatever its session (process-mark.ts): TERM, then
 * KILL after half a second; a zombie is gone (process-group.ts). When it
 * exits, what it left says why: its first error (bot-error.ts), else its
 * last lines. Every bot started is also stopped when the runner's process
 * exits or is interrupted: none is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { type Redactor, secretsRedactor } from '../../config/redact.js';
import type { BotError, BotExit } from '../model.js';
import { firstError } from './bot-error.js';
import { groupAlive } from './process-group.js';
import { ProcessMark } from './process-mark.js';

/** The lines kept, the latest: enough to find the error of a crash after a long log, bounded however much the bot prints. */
const KEEP_LINES = 400;
/** The last lines shown when the output holds no error. */
const LAST_LINES = 10;
/**
 * How long a bot has to end by itself once told to (TERM: a library closes
 * its connections) before its group is killed: a test's world is thrown
 * away, so nothing is lost by not waiting longer, and every restart and
 * every file's end pays it for a bot that ignores TERM.
 */
const STOP_GRACE_MS = 500;
/** After KILL: the kernel ends the group at once; only the exit's notice is awaited. */
const KILL_WAIT_MS = 2_000;
/** How long an exited bot's output may take to be read to its end (a child it left may hold the pipes open). */
const OUTPUT_END_MS = 1_000;

/** What a bot's exit left, before the runner says when it happened. */
export type ExitFacts = Pick<BotExit, 'code' | 'error' | 'lastLines'>;

export type OutputListener = (stream: 'stdout' | 'stderr', line: string) => void;

const live = new Set<BotProcess>();
let hooked = false;

/** Kills every bot still running: on exit (synchronously) and on SIGINT/SIGTERM (then exits as interrupted). */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const bot of live) bot.killNow();
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export class BotProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  /** How many lines the bot printed in all: a mark in its output (`outputMark`). */
  private printed = 0;
  private readonly exited: Promise<void>;
  /** Both streams read to their end: a process's exit is seen before its last output is. */
  private readonly outputEnded: Promise<unknown>;
  private exitCode: number | null | undefined;
  private listener: OutputListener | undefined;
  private readonly redactor: Redactor;
  /** What every process the bot starts carries, whatever its session. */
  private readonly mark = new ProcessMark();

  constructor(
    command: string,
    private readonly cwd: string,
    env: NodeJS.ProcessEnv,
  ) {
    hookExit();
    this.redactor = secretsRedactor(env);
    this.child = spawn(command, {
      cwd,
      env: this.mark.add(env),
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(this);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : null);
        // Still `live` until stopped: what it started may outlive it.
        resolve();
      });
      this.child.once('error', (err) => {
        this.keep('stderr', `cannot start the bot: ${err.message}`);
        this.exitCode = 127;
        live.delete(this);
        resolve();
      });
    });
    this.outputEnded = Promise.all([this.read('stdout'), this.read('stderr')]);
  }

  /** Resolves once the stream is read to its end (or closed). */
  private read(stream: 'stdout' | 'stderr'): Promise<void> {
    let partial = '';
    this.child[stream]!.setEncoding('utf8');
    this.child[stream]!.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const line of parts) this.keep(stream, line.replace(/\r$/, ''));
    });
    return new Promise((resolve) => {
      this.child[stream]!.on('end', () => {
        if (partial) this.keep(stream, partial);
        partial = '';
        resolve();
      });
      this.child[stream]!.on('close', resolve);
    });
  }

  private keep(stream: 'stdout' | 'stderr', raw: string): void {
    const line = this.redactor.redact(raw);
    this.lines.push(line);
    this.printed++;
    if (this.lines.length > KEEP_LINES) this.lines.shift();
    this.listener?.(stream, line);
  }

  /** Each output line as it comes (the transcript). */
  onOutput(listener: OutputListener | undefined): void {
    this.listener = listener;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves once the process has exited. */
  get whenExited(): Promise<void> {
    return this.exited;
  }

  /** The process exited (it crashed, or the command is wrong): its exit code. */
  get exitedWith(): number | null | undefined {
    return this.exitCode;
  }

  lastLines(n = LAST_LINES): string[] {
    return this.lines.slice(-n);
  }

  /** A point in the bot's output: what it prints from now on is after it. */
  outputMark(): number {
    return this.printed;
  }

  /**
   * Once it has exited: its code, and the first error it printed after
   * `mark` (else in all the lines kept), or its last lines when it printed
   * no error.
   */
  async exitFacts(mark = 0): Promise<ExitFacts | undefined> {
    if (this.exitCode === undefined) return undefined;
    await within(this.outputEnded, OUTPUT_END_MS);
    const error = this.errorSince(mark) ?? firstError(this.lines, this.cwd);
    return { code: this.exitCode, ...(error ? { error } : {}), lastLines: error ? [] : this.lastLines() };
  }

  /** The first error the bot printed after `mark` (a traceback, a stack), while it runs or once it has exited. */
  errorSince(mark: number): BotError | undefined {
    const kept = this.printed - this.lines.length;
    return firstError(this.lines.slice(Math.max(0, mark - kept)), this.cwd);
  }

  /** Kills every process of the bot's at once (the runner is exiting). */
  killNow(): void {
    const group = this.child.pid;
    if (group === undefined) return;
    signalGroup(group, 'SIGKILL');
    this.mark.signal('SIGKILL', group);
  }

  /**
   * Stops every process of the bot's, even after the bot itself has exited:
   * its group first, as it runs in the foreground, then what it started in
   * sessions of its own (marked, outside the group), each TERM, then KILL
   * after a grace period; resolves once none is left. One after the other, so
   * the common stop (a group that ends on TERM, nothing outside it) reads the
   * processes' marks once, after the group is gone.
   */
  async stop(): Promise<void> {
    const group = this.child.pid;
    if (group === undefined) return;
    await end(
      (signal) => groupAlive(group) && signalGroup(group, signal),
      () => groupAlive(group),
    );
    await end(
      (signal) => this.mark.signal(signal, group),
      () => this.mark.pids(group).length > 0,
    );
    live.delete(this);
    await within(this.exited, KILL_WAIT_MS);
  }
}

/** Signals process group `group`; whether it was there. */
function signalGroup(group: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false; // The group is gone already.
  }
}

/**
 * Ends processes: TERM, then KILL to what is left after the grace period,
 * sent again at each look (a process forked since the last). `signal` says
 * whether there was any process to signal; `alive`, whether one still runs.
 */
async function end(signal: (signal: NodeJS.Signals) => boolean, alive: () => boolean): Promise<void> {
  if (!signal('SIGTERM') || (await gone(alive, STOP_GRACE_MS))) return;
  signal('SIGKILL');
  await gone(alive, KILL_WAIT_MS, () => signal('SIGKILL'));
}

/** Resolves whether `alive` turned false within `ms`, looking every 10 ms; `resend` at each look while it is not. */
async function gone(alive: () => boolean, ms: number, resend?: () => void): Promise<boolean> {
  const until = performance.now() + ms;
  while (alive()) {
    if (performance.now() >= until) return false;
    resend?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** Waits for `work`, at most `ms`. The timer is cleared once the work is done: left running, it would keep the runner alive after its summary. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
