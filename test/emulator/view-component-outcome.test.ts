/**
 * The component control routes for the web view (`forPage: true`): what the
 * member sees, without the interaction and its token, which a page must not
 * hold; other callers keep getting the whole outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { ChannelMessagesPage } from '../../src/emulator/view/channel-messages-types.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { answerFor, componentSeed } from './component-bot.js';
import { start } from './helpers.js';

describe('POST /__emulator/interactions/click|select|modal-submit for the web view (forPage)', () => {
  let em: RunningEmulator;
  let endpoint: SignedEndpoint;
  const tokens: string[] = [];
  beforeAll(async () => {
    em = await start({ seed: componentSeed() });
    endpoint = await startSignedEndpoint({
      publicKey: () => em.credentials.publicKey,
      answer: (i, reply) => {
        if (i.type === 1) return reply({ type: 1 });
        tokens.push(i.token);
        reply(answerFor(i, () => undefined, em.url));
      },
    });
    em.world.applications[APP]!.interactionsEndpointUrl = endpoint.url;
  });
  afterAll(async () => {
    await endpoint?.close();
    await em?.close();
  });

  const post = async (path: string, body: unknown) => {
    const res = await request(`${new URL(em.url).origin}/__emulator/interactions/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cmdsync-control': em.controlToken },
      body: JSON.stringify(body),
    });
    return { status: res.statusCode, text: await res.body.text() };
  };

  async function panel(): Promise<string> {
    const out = await em.invoke({ line: '/panel', channelId: GENERAL, userId: BOB });
    if (out.outcome !== 'answered') throw new Error(`panel: ${out.outcome}`);
    return out.original!.id as string;
  }

  it('a click answers what the member sees, without the interaction; without forPage the interaction stays', async () => {
    const messageId = await panel();
    const page = await post('click', { messageId, button: 'Confirm', userId: BOB, forPage: true });
    expect(page.status).toBe(200);
    const body = JSON.parse(page.text);
    expect(body).toMatchObject({
      outcome: 'answered',
      callback: { type: 7 },
      message: { id: messageId, content: `Confirmed by <@${BOB}>` },
      application: { id: APP },
    });
    expect(body.interaction).toBeUndefined();
    expect(body.received).toBeUndefined();
    for (const t of tokens) expect(page.text).not.toContain(t);

    const other = await panel();
    const cli = await post('click', { messageId: other, button: 'Confirm', userId: BOB });
    expect(JSON.parse(cli.text).interaction.token).toBe(tokens.at(-1));
  });

  it('a modal opened by a click comes as `modal`; its submit for the page too; a refusal is kept as it is', async () => {
    const messageId = await panel();
    const opened = JSON.parse((await post('click', { messageId, button: 'ask', userId: BOB, forPage: true })).text);
    expect(opened).toMatchObject({
      outcome: 'answered',
      callback: { type: 9 },
      modal: { custom_id: 'asked', title: 'Feedback' },
    });
    const empty = JSON.parse((await post('modal-submit', { userId: BOB, fields: {}, forPage: true })).text);
    expect(empty).toEqual({ outcome: 'refused', refusal: { kind: 'modal-field', message: '"Your text" is required' } });
    const select = JSON.parse(
      (await post('select', { messageId, menu: 'fruit', values: ['apple'], userId: BOB, forPage: true })).text,
    );
    expect(select).toMatchObject({
      outcome: 'answered',
      callback: { type: 4 },
      original: { content: 'you chose apple' },
    });
    expect(select.interaction).toBeUndefined();
  });

  it("the channel view heads an answer with the command a member used, never a form's or a component's custom_id", async () => {
    const opened = await em.invoke({ line: '/form', channelId: GENERAL, userId: BOB });
    expect(opened).toMatchObject({ outcome: 'answered', callback: { type: 9 } });
    const submitted = JSON.parse(
      (await post('modal-submit', { userId: BOB, fields: { 'Your text': 'hello' }, forPage: true })).text,
    );
    expect(submitted).toMatchObject({ outcome: 'answered', original: { content: 'thanks: hello' } });
    const messageId = await panel();
    const chose = JSON.parse(
      (await post('select', { messageId, menu: 'fruit', values: ['apple'], userId: BOB, forPage: true })).text,
    );
    expect(chose).toMatchObject({ outcome: 'answered', original: { content: 'you chose apple' } });

    const res = await request(`${new URL(em.url).origin}/__emulator/view/channels/${GENERAL}/messages?limit=100`, {
      headers: { 'x-cmdsync-control': em.controlToken },
    });
    const page = (await res.body.json()) as ChannelMessagesPage;
    const shown = (content: string) => page.messages.find((m) => m.message.content === content)?.interaction;
    // The form /form opened: the client shows "bob used /form", not the form's custom_id as a command.
    expect(shown('thanks: hello')).toMatchObject({ name: 'feedback', command: 'form', userId: BOB });
    expect(shown('you chose apple')).toMatchObject({ name: 'fruit', userId: BOB });
    expect(shown('you chose apple')?.command).toBeUndefined();
    expect(page.messages.find((m) => m.id === messageId)?.interaction).toMatchObject({
      name: 'panel',
      command: 'panel',
    });
  });

  it('a bad request is still a 400 naming the problem', async () => {
    const bad = await post('click', { button: 'Confirm', forPage: true });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toBe('messageId is required (a string)');
  });
});
