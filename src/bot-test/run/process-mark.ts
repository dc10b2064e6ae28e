/**
 * Every process the bot under test started, whatever its session. Signalling
 * the bot's process group ends what it runs in the foreground, but a process
 * it started in a session of its own (`setsid`, Node's `detached: true`, a
 * tool that daemonises) is in no group of the bot's and would outlive the
 * run. Processes inherit their environment, across forks, new sessions and
 * `exec`, so the bot is started with a mark in it, a value of its own
 * (`CMDSYNC_BOT_PROCESS=<uuid>`), and the processes that carry that exact
 * entry are the bot's. Linux only, where `/proc/PID/environ` shows it;
 * elsewhere none is found and the group alone is ended. A process the runner
 * may not read (another user's) is skipped; one that started with its
 * environment cleared (`env -i`) or wrote over it escapes.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readProcFile } from './proc-files.js';
import { processGroupOf } from './process-group.js';

/** The variable the bot's processes carry. */
export const MARK_VARIABLE = 'CMDSYNC_BOT_PROCESS';

export class ProcessMark {
  readonly value = randomUUID();
  /** The entry as `/proc/PID/environ` holds it, between NULs (the whole entry is matched, nothing longer). */
  private readonly entry = Buffer.from(`${MARK_VARIABLE}=${this.value}`, 'latin1');

  /** `env` with the mark added. */
  add(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return { ...env, [MARK_VARIABLE]: this.value };
  }

  /** The running processes that carry the mark, but those of process group `except` (signalled as a group). */
  pids(except?: number): number[] {
    if (process.platform !== 'linux') return [];
    let names: string[];
    try {
      names = readdirSync('/proc');
    } catch {
      return [];
    }
    const found: number[] = [];
    for (const name of names) {
      const pid = Number(name);
      // Not a process's directory, or the runner itself (never marked: its mark would be an outer runner's).
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      if (
        carries(readProcFile(name, 'environ'), this.entry) &&
        (except === undefined || processGroupOf(name) !== except)
      )
        found.push(pid);
    }
    return found;
  }

  /** Sends `signal` to every marked process outside group `except`; whether there was any. */
  signal(signal: NodeJS.Signals, except?: number): boolean {
    const pids = this.pids(except);
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone since it was seen.
      }
    }
    return pids.length > 0;
  }
}

/** Whether `environ` (NUL-separated; none when it could not be read) holds `entry` as a whole entry: NUL or its start before, NUL or its end after. */
function carries(environ: Buffer | undefined, entry: Buffer): boolean {
  if (environ === undefined) return false;
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) {
    const end = at + entry.length;
    if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0)) return true;
  }
  return false;
}
