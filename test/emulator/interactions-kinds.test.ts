import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from '../../src/emulator/interactions/keys.js';
import { SeedError, type RunningEmulator, type Seed } from '../../src/emulator/index.js';
import { APP, BOB, GENERAL, GUILD, interactionSeed } from '../helpers/interaction-seed.js';
import { call, start } from './helpers.js';

const pending = new Set<Promise<unknown>>();

/** Answers every INTERACTION_CREATE with a message naming what it got; returns the interactions seen. */
function gatewayBot(em: RunningEmulator): any[] {
  const seen: any[] = [];
  em.events.subscribe((e) => {
    if (e.name !== 'INTERACTION_CREATE') return;
    const i = e.data as any;
    seen.push(i);
    const p = call(em, 'POST', `/interactions/${i.id}/${i.token}/callback`, {
      body: { type: 4, data: { content: `got ${i.data.name}` } },
    });
    pending.add(p);
    void p.finally(() => pending.delete(p));
  });
  return seen;
}

/** The bot's callback requests finish before their emulator closes. */
async function settleAndClose(em: RunningEmulator): Promise<void> {
  await Promise.allSettled([...pending]);
  await em.close();
}

const withCommands = (extra: Array<Record<string, unknown>>, app: Record<string, unknown> = {}): Seed => {
  const s = interactionSeed();
  return { ...s, applications: [{ ...s.applications![0]!, ...app }], commands: [...s.commands!, ...extra] };
};

describe('user and message commands, DMs, entry points, attachments', () => {
  it('a user command: target_id, the target in resolved users and members', async () => {
    const em = await start({ seed: withCommands([{ application_id: APP, type: 2, name: 'Profile' }]) });
    try {
      const seen = gatewayBot(em);
      const out = await em.invoke({ userCommand: 'Profile', target: BOB, channelId: GENERAL, userId: BOB });
      expect(out).toMatchObject({ outcome: 'answered', original: { content: 'got Profile', type: 23 } });
      expect(seen[0].data).toMatchObject({
        type: 2,
        target_id: BOB,
        resolved: { users: { [BOB]: { id: BOB, username: 'bob' } }, members: { [BOB]: { roles: [] } } },
      });
    } finally {
      await settleAndClose(em);
    }
  });

  it('a user command without SEND_MESSAGES in the channel is refused', async () => {
    const seed = withCommands([{ application_id: APP, type: 2, name: 'Profile' }]);
    seed.guilds![0]!.channels!.push({
      id: '130000000000000009',
      name: 'readonly',
      permission_overwrites: [{ id: GUILD, type: 'role', deny: ['SEND_MESSAGES'] }],
    });
    const em = await start({ seed });
    try {
      const out = await em.invoke({
        userCommand: 'Profile',
        target: BOB,
        channelId: '130000000000000009',
        userId: BOB,
      });
      expect(out).toMatchObject({ outcome: 'refused', refusal: { kind: 'permission' } });
      expect(out.outcome === 'refused' && out.refusal.reason).toContain('SEND_MESSAGES');
    } finally {
      await settleAndClose(em);
    }
  });

  it('a message command: the message in resolved messages', async () => {
    const em = await start({ seed: withCommands([{ application_id: APP, type: 3, name: 'Quote' }]) });
    try {
      const seen = gatewayBot(em);
      const created = await call(em, 'POST', `/channels/${GENERAL}/webhooks`, {
        auth: `Bot ${em.credentials.botToken}`,
        body: { name: 'poster' },
      });
      const sent = await call(em, 'POST', `/webhooks/${created.body.id}/${created.body.token}?wait=true`, {
        body: { content: 'quote me' },
      });
      const out = await em.invoke({ messageCommand: 'Quote', target: sent.body.id, channelId: GENERAL, userId: BOB });
      expect(out.outcome).toBe('answered');
      expect(seen[0].data).toMatchObject({
        type: 3,
        target_id: sent.body.id,
        resolved: { messages: { [sent.body.id]: { content: 'quote me' } } },
      });
    } finally {
      await settleAndClose(em);
    }
  });

  it('in a DM with the bot: user instead of member, context 1; a command without BOT_DM is not offered', async () => {
    const em = await start({
      seed: withCommands([{ application_id: APP, name: 'dmok', description: 'Works in DMs', contexts: [0, 1] }]),
    });
    try {
      const seen = gatewayBot(em);
      const dm = '190000000000000001';
      expect(await em.invoke({ line: '/dmok', channelId: dm, userId: BOB })).toMatchObject({ outcome: 'answered' });
      expect(seen[0]).toMatchObject({
        context: 1,
        user: { id: BOB },
        channel_id: dm,
        authorizing_integration_owners: { 0: '0' },
      });
      expect(seen[0].member).toBeUndefined();
      expect(await em.invoke({ line: '/hello', channelId: dm, userId: BOB })).toMatchObject({ outcome: 'answered' });
      const ctx = await start({
        seed: withCommands([{ application_id: APP, name: 'guildonly', description: 'x', contexts: [0] }]),
      });
      try {
        expect(await ctx.invoke({ line: '/guildonly', channelId: dm, userId: BOB })).toMatchObject({
          outcome: 'refused',
          refusal: { kind: 'context' },
        });
      } finally {
        await settleAndClose(ctx);
      }
    } finally {
      await settleAndClose(em);
    }
  });

  it('an entry point: handler 1 is delivered; handler 2 is launched by the service', async () => {
    const em = await start({ seed: withCommands([], { embedded: true }) });
    try {
      const seen = gatewayBot(em);
      const launch = Object.values(em.world.commands).find((c) => c.type === 4)!;
      expect(launch.handler).toBe(2);
      expect(await em.invoke({ line: `/${launch.name}`, channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'launched',
      });
      expect(seen).toHaveLength(0);
      const patched = await call(em, 'PATCH', `/applications/${APP}/commands/${launch.id}`, {
        auth: `Bot ${em.credentials.botToken}`,
        body: { handler: 1 },
      });
      expect(patched.status).toBe(200);
      // The user's client saw the command before the change: read-repair refuses once.
      expect(await em.invoke({ line: `/${launch.name}`, channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'refused',
        refusal: { kind: 'outdated' },
      });
      expect(await em.invoke({ line: `/${launch.name}`, channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'answered',
      });
      expect(seen[0].data).toMatchObject({ type: 4, name: launch.name });
    } finally {
      await settleAndClose(em);
    }
  });

  it('an attachment option: the file in resolved attachments under the option value', async () => {
    const em = await start({
      seed: withCommands([
        {
          application_id: APP,
          name: 'upload',
          description: 'Upload',
          options: [{ type: 11, name: 'file', description: 'File', required: true }],
        },
      ]),
    });
    try {
      const seen = gatewayBot(em);
      const out = await em.invoke({
        line: '/upload file:file:./cat.png',
        channelId: GENERAL,
        userId: BOB,
        files: { './cat.png': { size: 1234, contentType: 'image/png' } },
      });
      expect(out.outcome).toBe('answered');
      const id = seen[0].data.options[0].value;
      expect(seen[0].data.resolved.attachments[id]).toMatchObject({
        id,
        filename: 'cat.png',
        size: 1234,
        content_type: 'image/png',
      });
    } finally {
      await settleAndClose(em);
    }
  });
});

describe('application key pairs', () => {
  it('a seeded pair is used; a mismatched one refuses the seed', async () => {
    const pair = generateKeyPair();
    const em = await start({ seed: { applications: [{ public_key: pair.publicKey, private_key: pair.privateKey }] } });
    expect(em.credentials.publicKey).toBe(pair.publicKey);
    await em.close();
    const other = generateKeyPair();
    await expect(
      start({ seed: { applications: [{ public_key: other.publicKey, private_key: pair.privateKey }] } }),
    ).rejects.toThrow(SeedError);
  });

  it('a generated pair is persisted with the world: the same public key after a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'cmdsync-keys-')), 'state.json');
    const first = await start({ dataFile });
    const key = first.credentials.publicKey;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await first.close();
    const second = await start({ dataFile });
    expect(second.credentials.publicKey).toBe(key);
    await second.close();
  });
});
