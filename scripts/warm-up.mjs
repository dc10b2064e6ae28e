// The build's warm-up runs (scripts/build.mjs): each CLI bundle in ROOT/dist/
// run once so that its launcher saves the V8 code cache it starts from
// (src/cli/code-cache.cts), which also proves the bundle runs. Lint on the
// valid fixtures; apply of the example manifest to the embedded emulator, in a
// temporary copy so the emulator's state file lands there.
//
//   node scripts/warm-up.mjs [ROOT]    (default: the current directory)
//
// A build runs inside whatever environment installs cmdsync, a CI job's
// included, so the warm-ups run without the job's variables (jobEnv): a
// cmdsync run that saw them would write its plan to the job's step summary
// and outputs, print workflow commands, or use the job's credentials and
// notification webhook (test/repo/warm-up.test.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Variables a CI job, a GitHub Action's runner or a cmdsync user sets; CMDSYNC_CODE_CACHE is set by each run. */
const JOB_VARIABLE = /^(GITHUB_|RUNNER_|INPUT_|ACTIONS_|DISCORD_|CMDSYNC_)|^CI$/;

/** `env` without the job's variables, for a warm-up run in `mode` (write, report). */
export function warmUpEnv(env, mode) {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !JOB_VARIABLE.test(name)));
  return { ...kept, CMDSYNC_CODE_CACHE: mode };
}

/** Writes the code caches of both bundles under `root`/dist/. */
export function warmUpCaches(root) {
  writeLintCache(root);
  writeCliCache(root);
}

/**
 * Lints the valid fixtures with the lint bundle, saving the code V8 compiled on the way: the
 * example, and the same commands in every style people write (fixtures/valid/styles/), so that
 * no reader's functions (JSON, flow, block scalars, escapes, comments, CRLF) are compiled
 * again on each run (bench/lint.md).
 */
function writeLintCache(root) {
  const styles = join(root, 'fixtures/valid/styles');
  const styled = existsSync(styles)
    ? readdirSync(styles)
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .map((f) => `fixtures/valid/styles/${f}`)
    : [];
  const manifests = ['fixtures/valid/example.yaml', 'fixtures/valid/anchors.yaml', ...styled.sort()].filter((f) =>
    existsSync(join(root, f)),
  );
  if (manifests.length > 0)
    warmUp(
      join(root, 'dist/cli-lint/launch.cjs'),
      ['lint', '--format', 'json', ...manifests],
      ['lint', ...manifests],
      root,
    );
}

/**
 * Applies the example manifest to the embedded emulator with the whole CLI's
 * bundle (reading, planning, rendering, sending: what most commands share),
 * in a temporary copy so the emulator's state file lands there, saving the
 * code V8 compiled on the way.
 */
function writeCliCache(root) {
  if (!existsSync(join(root, 'fixtures/valid/example.yaml'))) return;
  const work = mkdtempSync(join(tmpdir(), 'cmdsync-build-'));
  try {
    cpSync(join(root, 'fixtures/valid'), work, { recursive: true });
    warmUp(
      join(root, 'dist/cli-main/launch.cjs'),
      ['apply', '--emulator', '--auto-approve', '--no-color', '-m', 'example.yaml'],
      ['plan', '--emulator', '-m', 'example.yaml'],
      work,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs `args` through the launcher, which writes its cache, then `check`: a
 * cache V8 refuses (made under other flags) would cost every later run its
 * whole compile, so the build says so now.
 */
function warmUp(launcher, args, check, cwd) {
  const run = (mode, argv) =>
    spawnSync(process.execPath, [launcher, ...argv], { cwd, env: warmUpEnv(process.env, mode), encoding: 'utf8' });
  const written = run('write', args);
  if (written.status !== 0)
    throw new Error(
      `${launcher} ${args.join(' ')} failed (exit ${written.status}):\n${written.stdout}${written.stderr}`,
    );
  const checked = run('report', check);
  if (!checked.stderr.includes('code cache: accepted'))
    throw new Error(`V8 did not take the code cache the build wrote for ${launcher}:\n${checked.stderr}`);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) warmUpCaches(resolve(process.argv[2] ?? '.'));
