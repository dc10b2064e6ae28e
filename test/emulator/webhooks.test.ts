import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type Client, IDS, OTHER_BOT_TOKEN, startWebhookEmulator } from './webhooks-setup.js';

let emu: RunningEmulator;
let c: Client;

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
});
afterAll(async () => {
  await emu.close();
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('create webhook', () => {
  it('creates an incoming webhook with a 68-character token, the creator and the avatar hash', async () => {
    const r = await c.call('POST', `/channels/${IDS.text}/webhooks`, {
      body: { name: '  Deploys  ', avatar: PNG },
      headers: { 'X-Audit-Log-Reason': 'ci' },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'application_id',
      'avatar',
      'channel_id',
      'guild_id',
      'id',
      'name',
      'type',
      'user',
      'token',
    ]);
    expect(r.body).toMatchObject({
      type: 1,
      name: 'Deploys',
      channel_id: IDS.text,
      guild_id: IDS.guild,
      application_id: IDS.app,
    });
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{68}$/);
    expect(r.body.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body.user).toMatchObject({ id: IDS.app, username: 'Main App', bot: true });
    expect(emu.world.webhooks[r.body.id]).toBeDefined();
  });

  it('refuses names with a reserved word, naming it (50035 USERNAME_INVALID_CONTAINS)', async () => {
    const r = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'Discord Relay' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        name: { _errors: [{ code: 'USERNAME_INVALID_CONTAINS', message: 'Username cannot contain "discord"' }] },
      },
    });
    const clyde = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'ClYdE' } });
    expect(clyde.body.errors.name._errors[0].message).toBe('Username cannot contain "clyde"');
  });

  it('refuses a missing or too long name, and bad image data', async () => {
    const missing = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: {} });
    expect(missing.body.errors.name._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    const long = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'x'.repeat(81) } });
    expect(long.body.errors.name._errors[0]).toEqual({
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 80 in length.',
    });
    const avatar = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'ok', avatar: 'nope' } });
    expect(avatar.body.errors.avatar._errors[0].code).toBe('IMAGE_INVALID');
  });

  it('needs a credential and MANAGE_WEBHOOKS', async () => {
    const none = await c.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'x' }, auth: null });
    expect(none.status).toBe(401);
    const other = await c.call('POST', `/channels/${IDS.text}/webhooks`, {
      body: { name: 'x' },
      auth: `Bot ${OTHER_BOT_TOKEN}`,
    });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Missing Permissions', code: 50013 });
    const notInstalled = await c.call('POST', `/channels/${IDS.foreignText}/webhooks`, {
      body: { name: 'x' },
      auth: `Bot ${OTHER_BOT_TOKEN}`,
    });
    expect(notInstalled.status).toBe(403);
  });

  it('unknown channel is 404 10003; a category cannot hold webhooks', async () => {
    const r = await c.call('POST', '/channels/999/webhooks', { body: { name: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Unknown Channel', code: 10003 });
    const cat = await c.call('POST', `/channels/${IDS.category}/webhooks`, { body: { name: 'x' } });
    expect(cat.status).toBe(400);
    expect(cat.body.code).toBe(50024);
  });

  it('the 16th webhook of a channel is 400 30007', async () => {
    const existing = Object.values(emu.world.webhooks).filter((w) => w.channel_id === IDS.announcement).length;
    for (let i = existing; i < 15; i++) await c.create(IDS.announcement, `n${i}`);
    const r = await c.call('POST', `/channels/${IDS.announcement}/webhooks`, { body: { name: 'one too many' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Maximum number of webhooks reached (15)', code: 30007 });
  });
});

describe('list, get, edit, delete by id', () => {
  it('lists by channel and by guild (follower webhooks included, without token)', async () => {
    const w = await c.create(IDS.otherText, 'listed');
    emu.world.webhooks['7000000000000000001'] = {
      id: '7000000000000000001',
      type: 2,
      guild_id: IDS.guild,
      channel_id: IDS.otherText,
      name: 'Followed News',
      avatar: null,
      application_id: null,
      creatorId: IDS.member,
      source_guild: { id: '9', name: 'Source', icon: null },
      source_channel: { id: '10', name: 'news' },
    };
    const byChannel = await c.call('GET', `/channels/${IDS.otherText}/webhooks`);
    expect(byChannel.status).toBe(200);
    expect(byChannel.body.map((x: any) => x.id)).toEqual(
      [w.id, '7000000000000000001'].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)),
    );
    const follower = byChannel.body.find((x: any) => x.type === 2);
    expect(follower.token).toBeUndefined();
    expect(follower.source_guild).toEqual({ id: '9', name: 'Source', icon: null });
    expect(follower.source_channel).toEqual({ id: '10', name: 'news' });
    const byGuild = await c.call('GET', `/guilds/${IDS.guild}/webhooks`);
    expect(byGuild.body.length).toBeGreaterThanOrEqual(2);
    expect(byGuild.body.every((x: any) => x.guild_id === IDS.guild)).toBe(true);
    expect((await c.call('GET', '/guilds/999/webhooks')).body).toEqual({ message: 'Unknown Guild', code: 10004 });
    expect((await c.call('GET', `/guilds/${IDS.guild}/webhooks`, { auth: `Bot ${OTHER_BOT_TOKEN}` })).status).toBe(403);
    expect((await c.call('GET', `/channels/${IDS.text}/webhooks`, { auth: `Bot ${OTHER_BOT_TOKEN}` })).status).toBe(
      403,
    );
    expect((await c.call('GET', `/channels/${IDS.text}/webhooks`, { auth: null })).status).toBe(401);
  });

  it('GET by id: managers and the owning application; others 403; unknown 10015', async () => {
    const w = await c.create(IDS.text, 'owned');
    const r = await c.call('GET', `/webhooks/${w.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: w.id, token: w.token, user: { id: IDS.app } });
    // The owner keeps access even without MANAGE_WEBHOOKS.
    emu.world.guilds[IDS.guild]!.apps[IDS.app]!.permissions = '0';
    try {
      expect((await c.call('GET', `/webhooks/${w.id}`)).status).toBe(200);
      expect((await c.call('PATCH', `/webhooks/${w.id}`, { body: { name: 'x' } })).status).toBe(403);
    } finally {
      emu.world.guilds[IDS.guild]!.apps[IDS.app]!.permissions = String(1n << 29n);
    }
    expect((await c.call('GET', `/webhooks/${w.id}`, { auth: `Bot ${OTHER_BOT_TOKEN}` })).body).toEqual({
      message: 'Missing Permissions',
      code: 50013,
    });
    expect((await c.call('GET', '/webhooks/123')).body).toEqual({ message: 'Unknown Webhook', code: 10015 });
    expect((await c.call('GET', `/webhooks/${w.id}`, { auth: null })).status).toBe(401);
  });

  it('PATCH by id renames, changes the avatar and moves within the guild', async () => {
    const w = await c.create(IDS.text, 'before');
    const r = await c.call('PATCH', `/webhooks/${w.id}`, {
      body: { name: 'after', avatar: PNG, channel_id: IDS.otherText },
      headers: { 'X-Audit-Log-Reason': 'move' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'after', channel_id: IDS.otherText, user: { id: IDS.app } });
    expect(r.body.avatar).toMatch(/^[0-9a-f]{32}$/);
    const cleared = await c.call('PATCH', `/webhooks/${w.id}`, { body: { avatar: null } });
    expect(cleared.body.avatar).toBeNull();
    const foreign = await c.call('PATCH', `/webhooks/${w.id}`, { body: { channel_id: IDS.foreignText } });
    expect(foreign.body).toEqual({ message: 'Unknown Channel', code: 10003 });
    const bad = await c.call('PATCH', `/webhooks/${w.id}`, { body: { name: 'my discord' } });
    expect(bad.body.errors.name._errors[0].code).toBe('USERNAME_INVALID_CONTAINS');
    expect(
      (await c.call('PATCH', `/webhooks/${w.id}`, { body: { name: 'x' }, auth: `Bot ${OTHER_BOT_TOKEN}` })).status,
    ).toBe(403);
    expect((await c.call('PATCH', '/webhooks/1', { body: { name: 'x' } })).body.code).toBe(10015);
  });

  it('moving into a full channel is 30007', async () => {
    const w = await c.create(IDS.text, 'mover');
    const r = await c.call('PATCH', `/webhooks/${w.id}`, { body: { channel_id: IDS.announcement } });
    expect(r.body).toEqual({ message: 'Maximum number of webhooks reached (15)', code: 30007 });
  });

  it('DELETE by id needs MANAGE_WEBHOOKS and answers 204', async () => {
    const w = await c.create(IDS.text, 'doomed');
    expect((await c.call('DELETE', `/webhooks/${w.id}`, { auth: `Bot ${OTHER_BOT_TOKEN}` })).status).toBe(403);
    const r = await c.call('DELETE', `/webhooks/${w.id}`, { headers: { 'X-Audit-Log-Reason': 'bye' } });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await c.call('GET', `/webhooks/${w.id}`)).body.code).toBe(10015);
  });
});

describe('by id and token (no credential)', () => {
  it('GET answers without user; wrong token is 401 50027 and never echoes the token', async () => {
    const w = await c.create(IDS.text, 'tokened');
    const r = await c.call('GET', `/webhooks/${w.id}/${w.token}`, { auth: null });
    expect(r.status).toBe(200);
    expect(r.body.user).toBeUndefined();
    expect(r.body).toMatchObject({ id: w.id, name: 'tokened', token: w.token });
    const wrong = `${w.token.slice(0, -1)}${w.token.endsWith('A') ? 'B' : 'A'}`;
    const bad = await c.call('GET', `/webhooks/${w.id}/${wrong}`, { auth: null });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
    expect(bad.text).not.toContain(wrong);
    expect((await c.call('GET', `/webhooks/${w.id}/short`, { auth: null })).status).toBe(401);
    expect((await c.call('GET', `/webhooks/42/${w.token}`, { auth: null })).body).toEqual({
      message: 'Unknown Webhook',
      code: 10015,
    });
  });

  it('a follower webhook has no token: token routes refuse', async () => {
    const r = await c.call('GET', '/webhooks/7000000000000000001/anything', { auth: null });
    expect(r.body.code).toBe(50027);
  });

  it('PATCH with the token ignores channel_id and applies the rest', async () => {
    const w = await c.create(IDS.text, 'patchme');
    const r = await c.call('PATCH', `/webhooks/${w.id}/${w.token}`, {
      auth: null,
      body: { name: 'patched', channel_id: IDS.otherText },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'patched', channel_id: IDS.text });
    expect(r.body.user).toBeUndefined();
    const bad = await c.call('PATCH', `/webhooks/${w.id}/${w.token}`, { auth: null, body: { name: '' } });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain(w.token);
  });

  it('DELETE with the token answers 204', async () => {
    const w = await c.create(IDS.text, 'gone');
    expect((await c.call('DELETE', `/webhooks/${w.id}/${w.token}`, { auth: null })).status).toBe(204);
    expect((await c.call('GET', `/webhooks/${w.id}/${w.token}`, { auth: null })).body.code).toBe(10015);
  });
});
