import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BOB, GENERAL } from '../helpers/interaction-seed.js';
import { answerFor, componentSeed } from './component-bot.js';
import { call, start } from './helpers.js';

/** Answers every INTERACTION_CREATE on the callback route, as a gateway bot would; resolves the callbacks' requests on `settle`. */
function gatewayBot(em: RunningEmulator): () => Promise<unknown> {
  const pending: Array<Promise<unknown>> = [];
  em.events.subscribe((e) => {
    if (e.name !== 'INTERACTION_CREATE') return;
    const i = e.data as any;
    pending.push(
      call(em, 'POST', `/interactions/${i.id}/${i.token}/callback`, { body: answerFor(i, () => undefined, em.url) }),
    );
  });
  return () => Promise.allSettled(pending);
}

it('a message updated by a click (7) is kept in the data file: a restart shows the update', async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'cmdsync-components-')), 'world.json');
  const em = await start({ seed: componentSeed(), dataFile });
  const settle = gatewayBot(em);
  const panel = await em.invoke({ line: '/panel', channelId: GENERAL, userId: BOB });
  const messageId = panel.outcome === 'answered' ? (panel.original!.id as string) : '';
  expect(await em.click({ messageId, button: 'Confirm', userId: BOB })).toMatchObject({
    outcome: 'answered',
    callback: { type: 7 },
  });
  await settle();
  await em.close();
  const again = await start({ dataFile });
  try {
    expect(again.world.messages[messageId]!.message).toMatchObject({
      content: `Confirmed by <@${BOB}>`,
      components: [],
    });
  } finally {
    await again.close();
  }
});
