/** A DM outlives a restart (or a crash) of an emulator with a data file: the same channel, its messages, the member's DM form. */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../helpers/context.js';
import { say } from './channel-messages-setup.js';
import { ALICE, dmSeed } from './dm-setup.js';
import { bot, call, start } from './helpers.js';

test('a DM opened through REST and one a member opened are kept in the data file', async ({ tmp }) => {
  const file = join(tmp.path, 'world.json');
  let em = await start({ dataFile: file, seed: dmSeed() });
  const dm = (await call(em, 'POST', '/users/@me/channels', { auth: bot(em), body: { recipient_id: ALICE } })).body;
  const sent = await call(em, 'POST', `/channels/${dm.id}/messages`, { auth: bot(em), body: { content: 'kept' } });
  // What is on disk while it runs (a crash's leftovers: snapshot and journal, no final write) holds the DM.
  const copy = join(tmp.path, 'crashed.json');
  copyFileSync(file, copy);
  if (existsSync(`${file}.journal`)) copyFileSync(`${file}.journal`, `${copy}.journal`);
  await em.close();
  em = await start({ dataFile: copy, seed: dmSeed() });
  try {
    const again = await call(em, 'POST', '/users/@me/channels', { auth: bot(em), body: { recipient_id: ALICE } });
    expect(again.body).toMatchObject({ id: dm.id, last_message_id: sent.body.id });
    expect((await say(em, { dm: true, userId: ALICE, content: 'still here' })).body.channel_id).toBe(dm.id);
  } finally {
    await em.close();
  }
});
