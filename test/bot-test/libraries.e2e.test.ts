/**
 * oceanic.js and eris bots written as their READMEs write them, run by `cmdsync test` unchanged
 * (`node eris-bot.js`): the Node shims point each library at the emulator (issue 38 item 1), a slash
 * command and a message are answered, and a reminder set in a handler the library calls moves with
 * `advance`. (fixtures/bot-test/bots/libraries/; `npm run build` first.)
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';

const LIBRARIES = join(FIXTURES, 'bot-test/bots/libraries');

test.each([
  ['oceanic.test.yaml', 'oceanic.js Constants.API_URL points at the emulator'],
  ['eris.test.yaml', 'eris REST (discord.com) points at the emulator'],
])(
  '%s: the README bot passes every scenario with no changed line',
  async (file, shim) => {
    const r = await runBin(['test', file, '--json'], { cwd: LIBRARIES, timeoutMs: 60_000 });
    const doc = JSON.parse(r.stdout);
    expect(doc.ok, r.stdout).toBe(true);
    expect(doc.passed).toBe(4);
    expect(doc.files[0].shims).toEqual(
      expect.arrayContaining([shim, "the bot's timers and Date follow the test's advance (Node)"]),
    );
  },
  90_000,
);
