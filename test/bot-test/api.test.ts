/**
 * The programmatic API as a vitest user writes it: start a bot test from a
 * world and a command, act as members, and assert with plain expect. The
 * bot is the discord.js fixture (fixtures/bot-test/bots/gateway/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBotTest, type BotTest } from '../../src/index.js';
import { FIXTURES } from '../helpers/fixtures.js';

const BOT_DIR = join(FIXTURES, 'bot-test/bots/gateway');
let t: BotTest;

beforeAll(async () => {
  const world = parse(readFileSync(join(BOT_DIR, 'world.yaml'), 'utf8'));
  t = await startBotTest({ world, bot: 'node bot.mjs', cwd: BOT_DIR, as: 'alice', in: 'general' });
}, 60_000);

afterAll(() => t?.stop());

test('invoke, click, submitModal and say give what the member saw, with the transcript', async () => {
  const ping = await t.invoke('/ping');
  expect(ping).toMatchObject({ reply: { content: 'pong' }, followups: [] });
  expect(ping.transcript).toContainEqual(expect.objectContaining({ kind: 'delivery', name: 'ping' }));

  expect(await t.invoke('/confirm', { as: 'bob' })).toMatchObject({
    reply: { content: 'Sure?', components: [{ label: 'Yes' }, { label: 'No' }] },
  });
  expect(await t.click('Yes', { as: 'bob' })).toMatchObject({ update: { content: 'Done', components: [] } });

  expect(await t.invoke('/feedback')).toMatchObject({ modal: { title: 'Feedback', fields: [{ label: 'Your text' }] } });
  expect(await t.submitModal({ text: 'great' })).toMatchObject({ reply: { content: 'thanks: great' } });

  expect(await t.say('!ping')).toMatchObject({ message: { content: 'pong, alice' } });
  expect((await t.autocomplete('/fruit name:b')).choices).toEqual([{ name: 'banana', value: 'banana' }]);
  expect(await t.invoke('/ban who:@alice', { as: 'bob' })).toMatchObject({
    refused: expect.stringContaining('command picker'),
  });
});

test('reset() empties the channel while the bot stays; advance() and fail() reach the bot', async () => {
  t.reset();
  expect(await t.invoke('/history')).toMatchObject({ reply: { content: 'messages before this: 0' } });
  expect(await t.invoke('/whoami')).toMatchObject({ reply: { content: expect.stringMatching(/^ready 1 /) } });
  await t.invoke('/remember');
  // advance() settles like any step: the bot's clock moved with the emulator's.
  expect(await t.advance('16m')).toMatchObject({ messages: [] });
  expect((await t.say('!late')).message?.content).toMatch(/^late: failed/);
  await expect(t.advance('soon')).rejects.toMatchObject({ code: 'BOT_TEST_STEP' });
  t.fail('POST /channels/*/messages', 500);
  expect(await t.invoke('/post')).toMatchObject({ reply: { content: 'post failed: 500' } });
  // The route as discord.js's base spells it (`/v10/…`) is the same route: one prefix rule, the file's and the API's.
  t.fail('POST /v10/channels/*/messages', 503);
  expect(await t.invoke('/post')).toMatchObject({ reply: { content: 'post failed: 503' } });
});

test('a step that cannot run throws, naming what is missing', async () => {
  await expect(t.invoke('/ping', { as: 'carol' })).rejects.toMatchObject({
    code: 'BOT_TEST_STEP',
    message: expect.stringMatching(/carol/),
  });
  expect(() => t.fail('nonsense')).toThrow(/METHOD \/path/);
  expect(() => t.fail('FETCH /channels/*')).toThrow(/FETCH is not a method/);
});

test('stop() leaves no bot process behind', async () => {
  const pid = Number(/pid (\d+)/.exec((await t.invoke('/whoami')).reply!.content)![1]);
  expect(alive(pid)).toBe(true);
  await t.stop();
  expect(alive(pid)).toBe(false);
});

/** Running: in the process table and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
