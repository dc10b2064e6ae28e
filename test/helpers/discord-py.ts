/**
 * discord.py (Debian's python3-discord) for the "any language" proofs. CI
 * installs it (scripts/ci/install-discord-py.sh) and sets
 * CMDSYNC_REQUIRE_DISCORD_PY=1, where a missing package fails the tests;
 * elsewhere they are skipped with the reason.
 */
import { spawn, spawnSync } from 'node:child_process';

/**
 * The first Python that imports discord: the one on PATH, else Debian's own
 * (a pyenv or virtualenv python3 first on PATH does not see Debian's packages).
 */
function findPython(): { python?: string; reason?: string } {
  const tried: string[] = [];
  for (const python of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(python, ['-c', 'import discord'], { encoding: 'utf8' });
    if (r.status === 0) return { python };
    tried.push(r.error ? `${python}: not found` : `${python}: no discord module`);
  }
  return {
    reason: `discord.py is not installed (${tried.join('; ')}): apt-get install python3-discord, or bash scripts/ci/install-discord-py.sh`,
  };
}

const found = findPython();
/** The Python interpreter that has discord.py. */
export const PYTHON = found.python ?? 'python3';
/** Why the discord.py tests cannot run here, or undefined when they can. */
export const DISCORD_PY_SKIP_REASON = found.reason;

/** A discord.py test's title: without discord.py it names why the test is skipped (discordPyAvailable says so on the console). */
export function discordPyTitle(title: string): string {
  return DISCORD_PY_SKIP_REASON === undefined ? title : `${title} (skipped: ${DISCORD_PY_SKIP_REASON})`;
}

export function discordPyAvailable(): boolean {
  if (DISCORD_PY_SKIP_REASON === undefined) return true;
  if (process.env.CMDSYNC_REQUIRE_DISCORD_PY === '1')
    throw new Error(`discord.py tests required (CMDSYNC_REQUIRE_DISCORD_PY=1) but ${DISCORD_PY_SKIP_REASON}`);
  console.warn(`skipping the discord.py tests: ${DISCORD_PY_SKIP_REASON}`);
  return false;
}

/** Runs a Python script with the interpreter that has discord.py: its exit code and output, killed after `timeoutMs`. */
export function runPython(
  script: string,
  args: string[],
  timeoutMs = 40_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
