/**
 * The discord.js guide's bot, its files as the guide writes them (CommonJS, a commands folder, the token
 * from config.json, no API base), run as `node index.js` with no changed line (issue 38 item 3).
 * (fixtures/bot-test/bots/guide/; `npm run build` first.)
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';

test("the guide's bot answers /ping, /user and /server, unchanged", async () => {
  const r = await runBin(['test', 'guide.test.yaml', '--json'], {
    cwd: join(FIXTURES, 'bot-test/bots/guide'),
    timeoutMs: 60_000,
  });
  const doc = JSON.parse(r.stdout);
  expect(doc.ok, r.stdout).toBe(true);
  expect(doc.files[0].scenarios.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
    ['/ping', 'passed'],
    ['/user and /server', 'passed'],
  ]);
  // Nothing but the shim pointed it at the emulator.
  expect(doc.files[0].shims).toContain('@discordjs/rest (discord.js) points at the emulator');
}, 90_000);
