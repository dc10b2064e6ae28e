/**
 * `--locale` and `--wait` are read the same way by every member action
 * (src/cli/commands/member-flags.ts), and refused before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';

const env = { CMDSYNC_API_URL: 'http://127.0.0.1:9/api/v10', CMDSYNC_EMULATOR_CONTROL_TOKEN: 'x' };
const actions: string[][] = [
  ['invoke', '/ping'],
  ['click', '1300000000000000001', 'Go'],
  ['select', '1300000000000000001', 'Fruit', 'apple'],
  ['submit-modal', 'a=b', '--user', '1300000000000000002'],
];

describe('member actions read --locale and --wait alike', () => {
  for (const action of actions) {
    it(`${action[0]}: an unknown locale and a wait out of range are usage errors, nothing sent`, async () => {
      const locale = await runBin([...action, '--locale', 'xx'], { cwd: ROOT, env });
      expect(locale.code).toBe(1);
      expect(locale.stderr).toContain(
        `--locale must be one of the service's locales (e.g. fr, en-US, pt-BR), not "xx"`,
      );
      const wait = await runBin([...action, '--wait', '9999'], { cwd: ROOT, env });
      expect(wait.code).toBe(1);
      expect(wait.stderr).toMatch(/--wait takes seconds .*, not "9999"/);
      // Refused before the emulator was asked: nothing listens on port 9.
      expect(locale.stderr + wait.stderr).not.toContain('cannot reach the emulator');
    });
  }
});
