import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { ANN, APP, BOB, GENERAL, GUILD } from '../helpers/interaction-seed.js';
import { answerFor, componentSeed, MOD_ROLE, PANEL } from './component-bot.js';
import { DEFERRED_UPDATE_WAIT_MS } from '../../src/emulator/interactions/component-deliver.js';
import { TestClock } from '../helpers/clock.js';
import { call, start } from './helpers.js';

describe('components and modals delivered to a signed HTTP endpoint', () => {
  let em: RunningEmulator;
  let endpoint: SignedEndpoint;
  const received: any[] = [];
  const work = new Set<Promise<unknown>>();
  // Runs with real time; the test of the 3 s deadline jumps over it instead of waiting.
  const clock = new TestClock(Date.now(), { running: true });
  beforeAll(async () => {
    em = await start({ seed: componentSeed(), now: clock.now, timers: clock });
    endpoint = await startSignedEndpoint({
      publicKey: () => em.credentials.publicKey,
      answer: (i, reply) => {
        if (i.type === 1) return reply({ type: 1 });
        received.push(i);
        reply(answerFor(i, (w) => void work.add(new Promise((r) => setTimeout(r, 50)).then(w)), em.url));
      },
    });
    em.world.applications[APP]!.interactionsEndpointUrl = endpoint.url;
  });
  afterAll(async () => {
    await Promise.allSettled([...work]);
    await endpoint?.close();
    await em?.close();
  });

  async function panel(userId = BOB): Promise<string> {
    const out = await em.invoke({ line: '/panel', channelId: GENERAL, userId });
    if (out.outcome !== 'answered') throw new Error(`panel: ${out.outcome}`);
    return out.original!.id as string;
  }

  it('a click on a button: MESSAGE_COMPONENT with the message, custom_id and component_type; the bot updates the message in place (7)', async () => {
    const messageId = await panel();
    const out = await em.click({ messageId, button: 'Confirm', userId: 'ann' });
    expect(out.outcome).toBe('answered');
    if (out.outcome !== 'answered') return;
    expect(out.callback?.type).toBe(7);
    const sent = received.at(-1);
    expect(sent).toMatchObject({
      type: 3,
      application_id: APP,
      guild_id: GUILD,
      channel_id: GENERAL,
      member: { user: { id: ANN } },
      message: { id: messageId, content: 'Pick' },
      data: { custom_id: 'confirm', component_type: 2 },
      version: 1,
    });
    expect(sent.data.values).toBeUndefined();
    expect(typeof sent.app_permissions).toBe('string');
    expect(out.message).toMatchObject({ id: messageId, content: `Confirmed by <@${ANN}>`, components: [] });
    expect(out.message!.edited_timestamp).not.toBeNull();
    // Stored: what a later read sees.
    expect(em.world.messages[messageId]!.message).toMatchObject({ content: `Confirmed by <@${ANN}>`, components: [] });
    // The button is gone from the message now: a second click is refused, nothing sent.
    const count = received.length;
    const again = await em.click({ messageId, button: 'confirm', userId: BOB });
    expect(again).toMatchObject({ outcome: 'refused', refusal: { kind: 'unknown-component' } });
    expect(received.length).toBe(count);
  });

  it("a button on an application-owned webhook's post reaches that application", async () => {
    const hook = await call(em, 'POST', `/channels/${GENERAL}/webhooks`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: { name: 'poster' },
    });
    const sent = await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}?wait=true`, {
      body: { content: 'Pick', components: PANEL.components },
    });
    expect(sent.status).toBe(200);
    const out = await em.click({ messageId: sent.body.id, button: 'Confirm', userId: BOB });
    expect(out).toMatchObject({
      outcome: 'answered',
      application: { id: APP },
      message: { id: sent.body.id, content: `Confirmed by <@${BOB}>` },
    });
    expect(received.at(-1)).toMatchObject({ type: 3, message: { id: sent.body.id, webhook_id: hook.body.id } });
  });

  it('a deferred update (6): the later edit of @original edits the component message', async () => {
    const messageId = await panel();
    const out = await em.click({ messageId, button: 'later', userId: BOB });
    expect(out).toMatchObject({
      outcome: 'answered',
      callback: { type: 6 },
      message: { id: messageId, content: 'edited later' },
    });
    expect(em.world.messages[messageId]!.message.content).toBe('edited later');
  });

  it('a string select: values are the option values (named by value or label); the bot replies (4) to the message', async () => {
    const messageId = await panel();
    const out = await em.select({ messageId, menu: 'Fruit', values: ['Apple', 'cherry'], userId: BOB });
    expect(out.outcome).toBe('answered');
    if (out.outcome !== 'answered') return;
    // `id`: the number the service gave the select when the message was stored (wire/components numbering).
    const rows = em.world.messages[messageId]!.message.components as Array<{
      components: Array<{ custom_id?: string; id: number }>;
    }>;
    const select = rows.flatMap((r) => r.components).find((c) => c.custom_id === 'fruit')!;
    expect(received.at(-1).data).toEqual({
      custom_id: 'fruit',
      component_type: 3,
      values: ['apple', 'cherry'],
      id: select.id,
    });
    expect(out.original).toMatchObject({
      content: 'you chose apple, cherry',
      type: 19,
      message_reference: { message_id: messageId },
      interaction_metadata: { type: 3, interacted_message_id: messageId },
    });
    expect(out.message).toMatchObject({ id: messageId, content: 'Pick' });
  });

  it('a user select: values are ids, resolved users and members (members without user, with permissions)', async () => {
    const messageId = await panel();
    const out = await em.select({ messageId, menu: 'who', values: ['ann'], userId: BOB });
    expect(out).toMatchObject({ outcome: 'answered', message: { content: `picked ${ANN} roles ` } });
    const data = received.at(-1).data;
    expect(data).toMatchObject({
      custom_id: 'who',
      component_type: 5,
      values: [ANN],
      resolved: { users: { [ANN]: { id: ANN, username: 'ann' } } },
    });
    expect(data.resolved.members[ANN]).toMatchObject({ roles: [] });
    expect(data.resolved.members[ANN].user).toBeUndefined();
    expect(typeof data.resolved.members[ANN].permissions).toBe('string');
  });

  it('a mentionable select takes users and roles', async () => {
    const messageId = await panel();
    const out = await em.select({ messageId, menu: 'Whom', values: [BOB, MOD_ROLE], userId: BOB });
    expect(out).toMatchObject({ outcome: 'answered', message: { content: `picked ${BOB} roles ${MOD_ROLE}` } });
    expect(received.at(-1).data.resolved.roles[MOD_ROLE]).toMatchObject({ id: MOD_ROLE, name: 'Moderator' });
  });

  it('a modal: the bot answers 9, the member has it open, submit-modal delivers MODAL_SUBMIT with the values, the bot answers 4', async () => {
    const opened = await em.invoke({ line: '/form', channelId: GENERAL, userId: BOB });
    expect(opened).toMatchObject({
      outcome: 'answered',
      callback: { type: 9, data: { custom_id: 'feedback', title: 'Feedback' } },
    });
    const out = await em.submitModal({ userId: 'bob', fields: { 'Your text': 'great tool' } });
    expect(out).toMatchObject({
      outcome: 'answered',
      callback: { type: 4 },
      original: { content: 'thanks: great tool', type: 0 },
    });
    const sent = received.at(-1);
    expect(sent).toMatchObject({ type: 5, channel_id: GENERAL, member: { user: { id: BOB } } });
    expect(sent.data).toEqual({
      custom_id: 'feedback',
      components: [
        { type: 1, components: [{ type: 4, custom_id: 'text', value: 'great tool' }] },
        { type: 1, components: [{ type: 4, custom_id: 'mood', value: 'fine' }] },
      ],
    });
    expect(sent.message).toBeUndefined();
    expect(sent.id).not.toBe(opened.outcome === 'answered' && opened.interaction.id);
    // Answered, the form closed.
    expect(await em.submitModal({ userId: BOB, fields: { text: 'again' } })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'no-modal' },
    });
  });

  it('a modal answered to a modal submit is refused (BASE_TYPE_CHOICES): the member sees no answer', async () => {
    const messageId = await panel();
    const asked = await em.click({ messageId, button: 'Ask', userId: BOB });
    expect(asked).toMatchObject({ outcome: 'answered', modal: { custom_id: 'asked', title: 'Feedback' } });
    const out = await em.submitModal({ userId: BOB, fields: { text: 'hello' } });
    expect(out).toMatchObject({ outcome: 'no-response', cause: { kind: 'bad-callback' } });
    // Opened from a component: the submission carries the message.
    expect(received.at(-1)).toMatchObject({ type: 5, message: { id: messageId }, data: { custom_id: 'asked' } });
  });

  it('a modal submit may update the message (7) only when a component opened the modal', async () => {
    const messageId = await panel();
    await em.click({ messageId, button: 'Ask', userId: BOB });
    expect(await em.submitModal({ userId: BOB, fields: { text: 'update' } })).toMatchObject({
      outcome: 'answered',
      callback: { type: 7 },
      message: { id: messageId, content: 'updated from asked' },
    });
    await em.invoke({ line: '/form', channelId: GENERAL, userId: BOB });
    expect(await em.submitModal({ userId: BOB, fields: { text: 'update' } })).toMatchObject({
      outcome: 'no-response',
      cause: { kind: 'bad-callback' },
    });
  });

  it('an ephemeral answer is unknown to anyone but its invoker', async () => {
    const out = await em.invoke({ line: '/secret', channelId: GENERAL, userId: BOB });
    const messageId = out.outcome === 'answered' ? (out.original!.id as string) : '';
    const before = received.length;
    expect(await em.click({ messageId, button: 'Confirm', userId: ANN })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'unknown-message' },
    });
    expect(received.length).toBe(before);
    expect(await em.click({ messageId, button: 'Confirm', userId: BOB })).toMatchObject({
      outcome: 'answered',
      message: { id: messageId, flags: 64 },
    });
  });

  describe('refused before delivery (nothing reaches the bot)', () => {
    const refusedCases: Array<[string, (m: string) => Promise<unknown>, string]> = [
      [
        'an unknown message',
        () => em.click({ messageId: '199999999999999999', button: 'confirm', userId: BOB }),
        'unknown-message',
      ],
      ['an unknown button', (m) => em.click({ messageId: m, button: 'nope', userId: BOB }), 'unknown-component'],
      ['a disabled button', (m) => em.click({ messageId: m, button: 'Gone', userId: BOB }), 'disabled'],
      ['a link button', (m) => em.click({ messageId: m, button: 'Docs', userId: BOB }), 'link-button'],
      [
        'a value not among the options',
        (m) => em.select({ messageId: m, menu: 'fruit', values: ['mango'], userId: BOB }),
        'unknown-value',
      ],
      [
        'too many values',
        (m) => em.select({ messageId: m, menu: 'fruit', values: ['apple', 'banana', 'cherry'], userId: BOB }),
        'value-count',
      ],
      ['too few values', (m) => em.select({ messageId: m, menu: 'fruit', values: [], userId: BOB }), 'value-count'],
      [
        'a user that does not exist',
        (m) => em.select({ messageId: m, menu: 'who', values: ['150000000000000009'], userId: BOB }),
        'unknown-value',
      ],
      [
        'a role in a user select',
        (m) => em.select({ messageId: m, menu: 'who', values: [MOD_ROLE], userId: BOB }),
        'unknown-value',
      ],
      ['no modal open', () => em.submitModal({ userId: ANN, fields: { text: 'x' } }), 'no-modal'],
    ];
    it.each(refusedCases)('%s', async (_name, act, kind) => {
      const messageId = await panel();
      const before = received.length;
      const out = (await act(messageId)) as { outcome: string; refusal?: { kind: string; message: string } };
      expect(out).toMatchObject({ outcome: 'refused', refusal: { kind } });
      expect(out.refusal!.message.length).toBeGreaterThan(10);
      expect(received.length).toBe(before);
    });

    it('modal fields failing the client checks: required, min and max length, an unknown field', async () => {
      await em.invoke({ line: '/form', channelId: GENERAL, userId: ANN });
      const before = received.length;
      expect(await em.submitModal({ userId: ANN, fields: {} })).toMatchObject({
        outcome: 'refused',
        refusal: { kind: 'modal-field', message: '"Your text" is required' },
      });
      expect(await em.submitModal({ userId: ANN, fields: { text: 'ab' } })).toMatchObject({
        refusal: { message: '"Your text" needs at least 3 characters (got 2)' },
      });
      expect(await em.submitModal({ userId: ANN, fields: { text: 'x'.repeat(21) } })).toMatchObject({
        refusal: { message: '"Your text" takes at most 20 characters (got 21)' },
      });
      expect(await em.submitModal({ userId: ANN, fields: { colour: 'red' } })).toMatchObject({
        refusal: { kind: 'modal-field' },
      });
      expect(received.length).toBe(before);
      // Still open: a valid submission goes through.
      expect(await em.submitModal({ userId: ANN, fields: { text: 'fine now' } })).toMatchObject({
        outcome: 'answered',
      });
    });
  });

  it('the callback route refuses 6 and 7 for a command interaction (BASE_TYPE_CHOICES), and a second answer with 40060', async () => {
    let seen: any;
    const app = em.world.applications[APP]!;
    const url = app.interactionsEndpointUrl;
    // Over the gateway this time, so the test answers on the callback route itself.
    delete app.interactionsEndpointUrl;
    const unsub = em.events.subscribe((e) => {
      if (e.name === 'INTERACTION_CREATE') seen = e.data;
    });
    try {
      const pending = em.invoke({ line: '/panel', channelId: GENERAL, userId: BOB });
      for (let i = 0; i < 50 && !seen; i++) await new Promise((r) => setTimeout(r, 20));
      const bad = await call(em, 'POST', `/interactions/${seen.id}/${seen.token}/callback`, {
        body: { type: 7, data: { content: 'x' } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 50035,
        errors: {
          type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 9, 10, 12}.' }] },
        },
      });
      const ok = await call(em, 'POST', `/interactions/${seen.id}/${seen.token}/callback`, {
        body: { type: 4, data: { content: 'ok' } },
      });
      expect(ok.status).toBe(204);
      const twice = await call(em, 'POST', `/interactions/${seen.id}/${seen.token}/callback`, {
        body: { type: 4, data: { content: 'ok' } },
      });
      expect(twice.body).toMatchObject({ code: 40060 });
      await pending;
    } finally {
      unsub();
      app.interactionsEndpointUrl = url;
    }
  });

  it('a modal submit answered with a modal: 400 50035 BASE_TYPE_CHOICES {4, 5, 6, 7, 10, 12} (the modal came from a component); 4 is then accepted', async () => {
    const app = em.world.applications[APP]!;
    const url = app.interactionsEndpointUrl;
    delete app.interactionsEndpointUrl;
    const replies: Array<{ type: number; status: number; body: any }> = [];
    // Over the gateway: this observer answers on the callback route and keeps what each answer got.
    const unsub = em.events.subscribe((e) => {
      if (e.name !== 'INTERACTION_CREATE') return;
      const i = e.data as any;
      const send = (body: unknown) => call(em, 'POST', `/interactions/${i.id}/${i.token}/callback`, { body });
      const answer = answerFor(i, () => undefined, em.url) as { type: number };
      void send(answer).then(async (r) => {
        replies.push({ type: i.type, status: r.status, body: r.body });
        if (r.status === 400)
          replies.push({ type: i.type, ...(await send({ type: 4, data: { content: 'plain thanks' } })) });
      });
    });
    try {
      const messageId = await panel();
      expect(await em.click({ messageId, button: 'Ask', userId: BOB })).toMatchObject({
        outcome: 'answered',
        delivery: 'gateway',
        modal: { custom_id: 'asked' },
      });
      const out = await em.submitModal({ userId: BOB, fields: { text: 'hello' } });
      expect(out).toMatchObject({
        outcome: 'answered',
        original: { content: 'plain thanks', message_reference: { message_id: messageId } },
      });
      const refused = replies.find((r) => r.type === 5 && r.status === 400);
      expect(refused?.body).toMatchObject({
        code: 50035,
        errors: {
          type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 6, 7, 10, 12}.' }] },
        },
      });
    } finally {
      unsub();
      app.interactionsEndpointUrl = url;
    }
  });

  it('the control routes: a click by route answers the outcome; a malformed request is 400 naming the field', async () => {
    const messageId = await panel();
    const headers = { 'x-cmdsync-control': em.controlToken };
    const base = em.url.replace(/\/api\/v10$/, '');
    const post = (path: string, body: unknown) =>
      fetch(`${base}/__emulator/interactions/${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await post('click', { messageId, button: 'Confirm', userId: BOB });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ outcome: 'answered', callback: { type: 7 } });
    const noValues = await post('select', { messageId, menu: 'fruit' });
    expect(noValues.status).toBe(400);
    expect(((await noValues.json()) as any).message).toContain('values must be a list');
    const noUser = await post('modal-submit', { fields: {} });
    expect(((await noUser.json()) as any).message).toBe('userId is required (a string)');
  });

  it('a component interaction keeps the command rules: a second callback 40060, a wrong token 10062, a callback after 3 s 10062', async () => {
    const app = em.world.applications[APP]!;
    const url = app.interactionsEndpointUrl;
    delete app.interactionsEndpointUrl;
    const got: Record<string, { status: number; code?: number }> = {};
    const send = async (name: string, i: { id: string }, token: string, body: unknown) => {
      const r = await call(em, 'POST', `/interactions/${i.id}/${token}/callback`, { body });
      got[name] = { status: r.status, code: r.body?.code };
    };
    let lateClick: { id: string; token: string } | undefined;
    let callbacks: Promise<void> | undefined;
    const unsub = em.events.subscribe((e) => {
      if (e.name !== 'INTERACTION_CREATE') return;
      const i = e.data as any;
      if (i.type === 2)
        void send(
          'panel',
          i,
          i.token,
          answerFor(i, () => undefined, em.url),
        );
      else if (callbacks) lateClick = i;
      else
        callbacks = send('wrong', i, `${i.token}x`, { type: 6 })
          .then(() => send('first', i, i.token, { type: 6 }))
          .then(() => send('second', i, i.token, { type: 6 }));
    });
    try {
      const messageId = await panel();
      const answered = em.click({ messageId, button: 'Later', userId: BOB });
      await callbacks;
      // The click now waits for an edit of the message that no one sends (a deferred update): its time passes at once.
      await clock.waiting();
      clock.advance(DEFERRED_UPDATE_WAIT_MS);
      expect(await answered).toMatchObject({ outcome: 'answered', callback: { type: 6 } });
      expect(got).toMatchObject({
        wrong: { status: 404, code: 10062 },
        first: { status: 204 },
        second: { status: 400, code: 40060 },
      });
      const noAnswer = em.click({ messageId, button: 'Later', userId: BOB });
      await clock.waiting();
      clock.advance(3_001);
      expect(await noAnswer).toMatchObject({ outcome: 'no-response', cause: { kind: 'no-session' } });
      expect(lateClick).toBeDefined();
      await send('late', lateClick!, lateClick!.token, { type: 6 });
      expect(got.late).toEqual({ status: 404, code: 10062 });
    } finally {
      unsub();
      app.interactionsEndpointUrl = url;
    }
  }, 10_000);
});
