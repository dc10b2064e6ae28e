/**
 * A data file written before messages knew their sender (webhook posts and
 * answers only, no `sender`, `authorId`) still loads, and its messages are
 * channel messages like any other: listed, read, not the bot's to edit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../helpers/context.js';
import { bot, call, start } from './helpers.js';

test("an older data file's webhook message is read through the channel routes and is not the bot's to edit", async ({
  tmp,
}) => {
  const file = join(tmp.path, 'world.json');
  let em = await start({ dataFile: file });
  const channel = em.world.guilds[em.credentials.guildId]!.channels[0]!.id;
  const hook = await call(em, 'POST', `/channels/${channel}/webhooks`, { auth: bot(em), body: { name: 'old' } });
  const sent = await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}?wait=true`, {
    body: { content: 'written long ago' },
  });
  await em.close();
  // What an older version wrote: the same message without the fields added since.
  for (const f of [file, `${file}.journal`])
    if (existsSync(f)) writeFileSync(f, readFileSync(f, 'utf8').replaceAll('"sender":"webhook",', ''));
  expect(
    readFileSync(file, 'utf8') + (existsSync(`${file}.journal`) ? readFileSync(`${file}.journal`, 'utf8') : ''),
  ).not.toContain('"sender"');

  em = await start({ dataFile: file });
  try {
    expect(em.world.messages[sent.body.id]).not.toHaveProperty('sender');
    const read = await call(em, 'GET', `/channels/${channel}/messages/${sent.body.id}`, { auth: bot(em) });
    expect(read.body).toEqual(sent.body);
    const listed = (await call(em, 'GET', `/channels/${channel}/messages`, { auth: bot(em) })).body as Array<{
      id: string;
    }>;
    expect(listed.map((m) => m.id)).toContain(sent.body.id);
    expect(
      (
        await call(em, 'PATCH', `/channels/${channel}/messages/${sent.body.id}`, {
          auth: bot(em),
          body: { content: 'mine now?' },
        })
      ).body.code,
    ).toBe(50005);
  } finally {
    await em.close();
  }
});
