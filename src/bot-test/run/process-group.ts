/**
 * Whether a process group still has a running process. A group whose only
 * members are zombies holds nothing (no socket, no output, no work): it is
 * over. Signalling the group (`kill(-pgid, 0)`) cannot tell: it succeeds
 * while any member is in the process table, and a bot that outlived its
 * shell is reaped by the machine's init, which in a container may take
 * seconds (seen: 1.1-1.6 s of every bot stop spent waiting for it). On
 * Linux the members' states are read from /proc; elsewhere the signal
 * alone answers.
 */
import { readdirSync } from 'node:fs';
import { readProcFile } from './proc-files.js';

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return true;
  }
  return pids.some((pid) => {
    const member = statOf(pid);
    return member !== undefined && member.pgrp === pgid && !GONE_STATES.has(member.state);
  });
}

/** The process group of process `pid` (a name in /proc), if it is still there. */
export function processGroupOf(pid: string): number | undefined {
  return statOf(pid)?.pgrp;
}

/** Zombie (exited, not yet reaped) and dead. */
const GONE_STATES = new Set(['Z', 'X', 'x']);

/** `/proc/PID/stat`: "pid (comm) state ppid pgrp …", the command name in parentheses and free to hold spaces or parentheses. */
function statOf(pid: string): { state: string; pgrp: number } | undefined {
  const stat = readProcFile(pid, 'stat')?.toString('utf8');
  if (stat === undefined) return undefined; // Gone since the directory was read.
  const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return state === undefined || pgrp === undefined ? undefined : { state, pgrp: Number(pgrp) };
}
