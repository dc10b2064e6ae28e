/**
 * A webhook avatar that is not a regular file: a device (/dev/zero never
 * ends), a FIFO (opening it blocks until a writer comes), a directory. Lint
 * points at the avatar's file:line:col; plan stops there; and the reader,
 * used again when plan and apply read the file, refuses them without
 * blocking. Each runs as a real process with a timeout, so a hang fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

const manifest = (avatar: string) => `application_id: "100000000000000001"
webhooks:
  - channel_id: "300000000000000001"
    name: Deploys
    avatar: ${avatar}
`;

/** A directory holding a device link, a FIFO and a directory, each named like an image. */
function oddFiles(): string {
  const dir = testdir({});
  symlinkSync('/dev/zero', join(dir, 'zero.png'));
  execFileSync('mkfifo', [join(dir, 'pipe.png')]);
  mkdirSync(join(dir, 'dir.png'));
  return dir;
}

const CASES = [
  ['zero.png', 'is not a regular file'],
  ['pipe.png', 'is not a regular file'],
  ['dir.png', 'is a directory'],
] as const;

describe('an avatar that is a device, a FIFO or a directory', () => {
  for (const [file, words] of CASES) {
    it(`${file}: lint and plan refuse it at the avatar's position, at once`, async () => {
      const cwd = oddFiles();
      writeFileSync(join(cwd, 'cmdsync.yaml'), manifest(file));
      const lint = await runBin(['lint'], { cwd, timeoutMs: 20_000 });
      expect(lint.code, lint.stderr).toBe(1);
      expect(lint.stdout).toMatch(
        new RegExp(`5:13\\s+error\\s+Avatar "${file.replace('.', '\\.')}" ${words}.*webhook-avatar`),
      );
      const plan = await runBin(['plan'], {
        cwd,
        env: { DISCORD_TOKEN: 'x', CMDSYNC_API_URL: 'http://127.0.0.1:9' },
        timeoutMs: 20_000,
      });
      expect(plan.code).not.toBe(null);
      expect(plan.code).not.toBe(0);
      expect(`${plan.stdout}${plan.stderr}`).not.toMatch(STACK);
    });
  }

  it('the reader refuses each one without blocking or reading without end (AvatarFileError)', () => {
    const cwd = oddFiles();
    const script = `
      import { readAvatarFile } from ${JSON.stringify(join(ROOT, 'dist/manifest/avatar.js'))};
      for (const f of ['zero.png', 'pipe.png', 'dir.png', 'none.png']) {
        try { readAvatarFile(f, ${JSON.stringify(join(cwd, 'cmdsync.yaml'))}); console.log(f, 'read'); }
        catch (e) { console.log(f, e.name, e.code); }
      }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 20_000,
      encoding: 'utf8',
    });
    expect(out.trim().split('\n')).toEqual([
      'zero.png AvatarFileError AVATAR_FILE_NOT_REGULAR',
      'pipe.png AvatarFileError AVATAR_FILE_NOT_REGULAR',
      'dir.png AvatarFileError AVATAR_FILE_DIRECTORY',
      'none.png AvatarFileError AVATAR_FILE_MISSING',
    ]);
  });
});
