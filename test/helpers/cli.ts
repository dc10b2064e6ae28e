import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './fixtures.js';

export const BIN = join(ROOT, 'bin/cmdsync.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a real process with piped (non-TTY) streams and a
 * clean environment: no CI variables unless given, so tests see what a user
 * piping the output sees.
 */
/**
 * A run that has not ended after `timeoutMs` is killed and reported with code
 * null, so a hang fails its test at once instead of outliving it.
 */
export function runBin(
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; nodeArgs?: string[]; input?: string; timeoutMs?: number } = {
    cwd: ROOT,
  },
): Promise<RunResult> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...opts.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
      cwd: opts.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
export const ANSI = /\u001b\[/;
/** A stack frame line: what users must never see. */
export const STACK = /^\s+at .+\(.+:\d+:\d+\)$|^\s+at file:/m;

/** The `NAME=value` lines of the emulator's banner. */
export function bannerVars(out: string): Record<string, string> {
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/**
 * `cmdsync emulator ARGS` as a real process, resolved once its banner is out
 * (the line that ends it says Ctrl+C); the caller stops it. `vars` are the
 * banner's `NAME=value` lines; `err()` what it has written to stderr so far.
 */
export async function spawnEmulatorCli(
  args: string[],
  opts: { cwd?: string } = {},
): Promise<{ proc: ChildProcess; out: string; vars: Record<string, string>; err: () => string }> {
  const proc = spawn(process.execPath, [BIN, 'emulator', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.cwd ? { cwd: opts.cwd, env: { PATH: process.env.PATH ?? '' } } : {}),
  });
  let out = '';
  let err = '';
  proc.stderr!.on('data', (c) => (err += c));
  await new Promise<void>((done, fail) => {
    proc.stdout!.on('data', (c) => {
      out += c;
      if (out.includes('Ctrl+C')) done();
    });
    proc.once('exit', (code) => fail(new Error(`cmdsync emulator exited ${code} before its banner: ${err}`)));
  });
  const vars = Object.fromEntries(
    out
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { proc, out, vars, err: () => err };
}
