import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyKey } from 'discord-interactions';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ADULT, ANN, APP, BOB, GENERAL, GUILD, interactionSeed } from '../helpers/interaction-seed.js';
import { startHttpBot, type HttpBot } from '../helpers/http-bot.js';
import { FIRST_ANSWER_MS } from '../../src/wire/interactions/callback.js';
import { TestClock } from '../helpers/clock.js';
import { call, start, startWithHttpBot } from './helpers.js';

describe('HTTP interactions against a bot verifying signatures with discord-interactions', () => {
  let em: RunningEmulator;
  let bot: HttpBot;
  // Runs with real time; the test of the 3 s deadline jumps over it instead of waiting.
  const clock = new TestClock(Date.now(), { running: true });
  beforeAll(async () => {
    ({ em, bot } = await startWithHttpBot({ now: clock.now, timers: clock }));
  });
  afterAll(async () => {
    await bot?.close();
    await em?.close();
  });

  it("passes the service's endpoint check: PING answered, forged signature refused", async () => {
    const before = bot.forged;
    const check = await em.checkInteractionsEndpoint();
    expect(check).toEqual({ url: bot.url, ok: true, problems: [], answered: true });
    expect(bot.forged).toBe(before + 1);
  });

  it('reports an endpoint that accepts a forged signature', async () => {
    const careless = await startHttpBot({ publicKey: em.credentials.publicKey, apiBase: em.url, insecure: true });
    const app = em.world.applications[APP]!;
    app.interactionsEndpointUrl = careless.url;
    try {
      const check = await em.checkInteractionsEndpoint();
      expect(check.ok).toBe(false);
      expect(check.problems.join('\n')).toContain('accepts forged requests');
    } finally {
      app.interactionsEndpointUrl = bot.url;
      await careless.close();
    }
  });

  it('delivers a signed interaction and shows the inline answer; data.name is the default name for a French user', async () => {
    const out = await em.invoke({ line: '/bonjour', channelId: GENERAL, userId: BOB, locale: 'fr' });
    expect(out.outcome).toBe('answered');
    if (out.outcome !== 'answered') return;
    expect(out.delivery).toBe('http');
    expect(out.original).toMatchObject({
      content: `Hello <@${BOB}>`,
      embeds: [{ title: 'Greeting' }],
      type: 20,
      author: { id: APP, bot: true },
    });
    expect(out.interaction).toMatchObject({
      type: 2,
      locale: 'fr',
      guild_id: GUILD,
      channel_id: GENERAL,
      data: { name: 'hello' },
      member: { user: { id: BOB } },
    });
    expect(bot.received.at(-1).id).toBe(out.interaction.id);
  });

  it('signs timestamp + body with the application key (verifiable by any Ed25519 library)', async () => {
    const { signInteraction } = await import('../../src/emulator/interactions/keys.js');
    const body = '{"type":1}';
    const sig = signInteraction(em.world.applications[APP]!.privateKey!, '1700000000', body);
    expect(await verifyKey(body, sig, '1700000000', em.credentials.publicKey)).toBe(true);
    expect(await verifyKey(`${body} `, sig, '1700000000', em.credentials.publicKey)).toBe(false);
  });

  it('keeps an ephemeral answer ephemeral', async () => {
    const out = await em.invoke({ line: '/secret', channelId: GENERAL, userId: BOB });
    expect(out.outcome === 'answered' && (out.original!.flags as number) & 64).toBe(64);
  });

  it('a deferred answer, its edit of @original and a follow-up', async () => {
    const out = await em.invoke({ line: '/slow', channelId: GENERAL, userId: BOB, waitSeconds: 1 });
    expect(out.outcome).toBe('answered');
    if (out.outcome !== 'answered') return;
    expect(out.callback).toEqual({ type: 5 });
    expect(out.original).toMatchObject({ content: 'done thinking', flags: 0 });
    expect(out.followups.map((f) => f.content)).toEqual(['and one more thing']);
    expect(out.received.map((r) => r.kind)).toEqual(['callback', 'edit-original', 'followup']);
  });

  it('autocomplete: the focused option with its partial value, and the choices', async () => {
    const out = await em.invoke({ line: '/search fruit:ap', channelId: GENERAL, userId: BOB, autocomplete: true });
    expect(out.outcome === 'answered' && out.choices).toEqual([
      { name: 'apple', value: 'apple' },
      { name: 'apricot', value: 'apricot' },
    ]);
    expect(bot.received.at(-1)).toMatchObject({
      type: 4,
      data: { options: [{ name: 'fruit', type: 3, value: 'ap', focused: true }] },
    });
  });

  it('a second answer is refused with 40060; an unknown token with 10062', async () => {
    const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
    if (out.outcome !== 'answered') throw new Error(out.outcome);
    const i = out.interaction as { id: string; token: string };
    const again = await call(em, 'POST', `/interactions/${i.id}/${i.token}/callback`, {
      body: { type: 4, data: { content: 'again' } },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Interaction has already been acknowledged', code: 40060 });
    const unknown = await call(em, 'POST', `/interactions/${i.id}/not-the-token/callback`, {
      body: { type: 4, data: { content: 'x' } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10062);
    // The original answer can be read back through the application webhook.
    const orig = await call(em, 'GET', `/webhooks/${APP}/${i.token}/messages/@original`);
    expect(orig.status).toBe(200);
    expect(orig.body.content).toBe(`Hello <@${BOB}>`);
  });

  it('refusals: permissions with the reason, age restriction, guild command elsewhere', async () => {
    const denied = await em.invoke({ line: '/admin', channelId: GENERAL, userId: BOB });
    // The member's picker does not show it (spec): invoke says so rather than what a visible command would answer.
    expect(denied).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'permission', hidden: true, message: "/admin is not in bob's command picker here." },
    });
    expect(denied.outcome === 'refused' && denied.refusal.reason).toContain('lacks MANAGE_GUILD');
    expect(await em.invoke({ line: '/admin', channelId: GENERAL, userId: ANN })).toMatchObject({ outcome: 'answered' });
    expect(await em.invoke({ line: '/adult', channelId: GENERAL, userId: BOB })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'age-restricted' },
    });
    // Bob is not age-verified: refused even in the age-restricted channel; Ann is.
    const minor = await em.invoke({ line: '/adult', channelId: ADULT, userId: BOB });
    expect(minor).toMatchObject({ outcome: 'refused', refusal: { kind: 'age-restricted', hidden: false } });
    expect(minor.outcome === 'refused' && minor.refusal.reason).toContain('not age-verified');
    expect(await em.invoke({ line: '/adult', channelId: GENERAL, userId: ANN })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'age-restricted' },
    });
    expect(await em.invoke({ line: '/adult', channelId: ADULT, userId: ANN })).toMatchObject({ outcome: 'answered' });
    expect(await em.invoke({ line: '/admin', channelId: '150000000000000001', userId: BOB })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'guild-command-elsewhere' },
    });
  });

  it('read-repair: a global command changed since the user last used it is refused once', async () => {
    expect(await em.invoke({ line: '/secret', channelId: GENERAL, userId: ANN })).toMatchObject({
      outcome: 'answered',
    });
    const cmd = Object.values(em.world.commands).find((c) => c.name === 'secret')!;
    const patched = await call(em, 'PATCH', `/applications/${APP}/commands/${cmd.id}`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: { description: 'A new secret' },
    });
    expect(patched.status).toBe(200);
    expect(await em.invoke({ line: '/secret', channelId: GENERAL, userId: ANN })).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'outdated' },
    });
    expect(await em.invoke({ line: '/secret', channelId: GENERAL, userId: ANN })).toMatchObject({
      outcome: 'answered',
    });
  });

  it('a line the client would not send never reaches the bot', async () => {
    const n = bot.received.length;
    const out = await em.invoke({ line: '/search fruit:', channelId: GENERAL, userId: BOB });
    expect(out).toMatchObject({ outcome: 'invalid' });
    expect(out.outcome === 'invalid' && out.pointer).toBe('/search fruit:\n              ^ a value is needed');
    expect(bot.received.length).toBe(n);
  });

  it('"The application did not respond": no answer within 3 s, and the late answer is refused', async () => {
    const out = await clock.skipWait(
      em.invoke({ line: '/silent', channelId: GENERAL, userId: BOB }),
      FIRST_ANSWER_MS + 1,
    );
    expect(out.outcome).toBe('no-response');
    if (out.outcome !== 'no-response') return;
    const i = out.interaction as { id: string; token: string };
    const late = await call(em, 'POST', `/interactions/${i.id}/${i.token}/callback`, {
      body: { type: 4, data: { content: 'late' } },
    });
    expect(late.body.code).toBe(10062);
  }, 10_000);
});

describe('over the gateway: INTERACTION_CREATE on the event bus', () => {
  it('emits the interaction when the app has no endpoint URL, and takes the callback route answer', async () => {
    const em = await start({ seed: interactionSeed() });
    try {
      const seen: any[] = [];
      let answered: Promise<Awaited<ReturnType<typeof call>>> | undefined;
      em.events.subscribe((e) => {
        if (e.name !== 'INTERACTION_CREATE') return;
        seen.push(e);
        const i = e.data as { id: string; token: string };
        answered = call(em, 'POST', `/interactions/${i.id}/${i.token}/callback?with_response=true`, {
          body: { type: 4, data: { content: 'pong' } },
        });
      });
      const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
      expect(out).toMatchObject({ outcome: 'answered', delivery: 'gateway', original: { content: 'pong' } });
      expect(seen[0]).toMatchObject({ applicationId: APP, guildId: GUILD, name: 'INTERACTION_CREATE' });
      const reply = await answered!;
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        interaction: { type: 2, response_message_loading: false },
        resource: { type: 4, message: { content: 'pong' } },
      });
    } finally {
      await em.close();
    }
  });
});
