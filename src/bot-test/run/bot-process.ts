/**
 * The bot under test as a process: a shell command started in the test
 * file's directory in a process group of its own, its output kept as lines
 * (the last ones say why a bot never got ready), stopped by signalling the
 * whole group (TERM, then KILL). Every bot started is also stopped when the
 * runner's process exits or is interrupted: none is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const KEEP_LINES = 40;
const STOP_GRACE_MS = 2_000;

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
  private readonly exited: Promise<void>;
  private exitCode: number | null | undefined;
  private listener: OutputListener | undefined;

  constructor(command: string, cwd: string, env: NodeJS.ProcessEnv) {
    hookExit();
    this.child = spawn(command, { cwd, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(this);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : null);
        live.delete(this);
        resolve();
      });
      this.child.once('error', (err) => {
        this.keep('stderr', `cannot start the bot: ${err.message}`);
        this.exitCode = 127;
        live.delete(this);
        resolve();
      });
    });
    this.read('stdout');
    this.read('stderr');
  }

  private read(stream: 'stdout' | 'stderr'): void {
    let partial = '';
    this.child[stream]!.setEncoding('utf8');
    this.child[stream]!.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const line of parts) this.keep(stream, line.replace(/\r$/, ''));
    });
    this.child[stream]!.on('end', () => {
      if (partial) this.keep(stream, partial);
      partial = '';
    });
  }

  private keep(stream: 'stdout' | 'stderr', line: string): void {
    this.lines.push(line);
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

  /** The process exited (it crashed, or the command is wrong): its exit code. */
  get exitedWith(): number | null | undefined {
    return this.exitCode;
  }

  lastLines(n = 10): string[] {
    return this.lines.slice(-n);
  }

  /** Kills every process of the group at once (the runner is exiting). */
  killNow(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }

  /** Whether any process of the group is left (the shell may be gone while the bot it started is not). */
  private groupAlive(): boolean {
    if (this.child.pid === undefined) return false;
    try {
      process.kill(-this.child.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Resolves once the whole group is gone, or after `ms`. */
  private async groupGone(ms: number): Promise<boolean> {
    const until = performance.now() + ms;
    while (this.groupAlive()) {
      if (performance.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  /** Stops the whole process group: TERM, then KILL after a grace period; resolves once no process of it is left. */
  async stop(): Promise<void> {
    if (this.child.pid === undefined) return;
    if (this.groupAlive()) {
      try {
        process.kill(-this.child.pid, 'SIGTERM');
      } catch {
        // Gone meanwhile.
      }
      if (!(await this.groupGone(STOP_GRACE_MS))) {
        this.killNow();
        await this.groupGone(STOP_GRACE_MS);
      }
    }
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
  }
}
