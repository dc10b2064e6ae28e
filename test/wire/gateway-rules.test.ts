/**
 * The pure rules the emulator's gateway and read routes take from src/wire: shards, privileged
 * intents and the intent a dispatch needs (gateway.ts, intents.ts); who may read an archived
 * thread list, its query and its page (thread-lists.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApplicationFlag } from '../../src/wire/application.js';
import { Intent, shardOf } from '../../src/wire/gateway.js';
import { disallowedIntents, enabledPrivilegedIntents, payloadIntent } from '../../src/wire/intents.js';
import { ChannelErrors } from '../../src/wire/messages/errors.js';
import { Permission } from '../../src/wire/permissions.js';
import { ApiErrors, problem } from '../../src/wire/problem.js';
import { archivedListRefusal, archivedPage, parseArchivedQuery } from '../../src/wire/thread-lists.js';

describe('shards and intents', () => {
  it('a guild goes to the shard of its id’s timestamp modulo the count', () => {
    const guild = ((5n << 22n) | 123n).toString();
    expect(shardOf(guild, 1)).toBe(0);
    expect(shardOf(guild, 2)).toBe(1);
    expect(shardOf(guild, 3)).toBe(2);
    expect(shardOf('4194304', 4)).toBe(1);
  });

  it('a privileged intent is enabled by its approved or its limited flag', () => {
    expect(enabledPrivilegedIntents(0)).toBe(0);
    expect(enabledPrivilegedIntents(ApplicationFlag.GATEWAY_GUILD_MEMBERS_LIMITED)).toBe(Intent.GUILD_MEMBERS);
    expect(
      enabledPrivilegedIntents(ApplicationFlag.GATEWAY_PRESENCE | ApplicationFlag.GATEWAY_MESSAGE_CONTENT_LIMITED),
    ).toBe(Intent.GUILD_PRESENCES | Intent.MESSAGE_CONTENT);
  });

  it('disallowed: the privileged bits asked for and not enabled, never the others', () => {
    const asked = Intent.GUILDS | Intent.GUILD_MEMBERS | Intent.MESSAGE_CONTENT | Intent.GUILD_PRESENCES;
    expect(disallowedIntents(asked, 0)).toBe(Intent.GUILD_MEMBERS | Intent.MESSAGE_CONTENT | Intent.GUILD_PRESENCES);
    expect(disallowedIntents(asked, ApplicationFlag.GATEWAY_MESSAGE_CONTENT)).toBe(
      Intent.GUILD_MEMBERS | Intent.GUILD_PRESENCES,
    );
    expect(disallowedIntents(Intent.GUILDS | Intent.GUILD_MESSAGES, 0)).toBe(0);
  });

  it('a message or reaction dispatch needs the guild intent with a guild_id, the DM one without', () => {
    for (const name of ['MESSAGE_CREATE', 'MESSAGE_UPDATE', 'MESSAGE_DELETE', 'MESSAGE_DELETE_BULK']) {
      expect(payloadIntent(name, { guild_id: '1' }, 'bot'), name).toBe(Intent.GUILD_MESSAGES);
      expect(payloadIntent(name, {}, 'bot'), name).toBe(Intent.DIRECT_MESSAGES);
    }
    for (const name of [
      'MESSAGE_REACTION_ADD',
      'MESSAGE_REACTION_REMOVE',
      'MESSAGE_REACTION_REMOVE_ALL',
      'MESSAGE_REACTION_REMOVE_EMOJI',
    ]) {
      expect(payloadIntent(name, { guild_id: '1' }, 'bot'), name).toBe(Intent.GUILD_MESSAGE_REACTIONS);
      expect(payloadIntent(name, null, 'bot'), name).toBe(Intent.DIRECT_MESSAGE_REACTIONS);
    }
    expect(payloadIntent('MESSAGE_CREATE', { guild_id: 1 }, 'bot')).toBe(Intent.DIRECT_MESSAGES);
  });

  it("a member dispatch needs GUILD_MEMBERS, except an update of the bot's own member", () => {
    for (const name of ['GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE'])
      expect(payloadIntent(name, { guild_id: '1', user: { id: 'u' } }, 'bot'), name).toBe(Intent.GUILD_MEMBERS);
    expect(payloadIntent('GUILD_MEMBER_UPDATE', { user: { id: 'bot' } }, 'bot')).toBe(0);
    expect(payloadIntent('GUILD_MEMBER_ADD', { user: { id: 'bot' } }, 'bot')).toBe(Intent.GUILD_MEMBERS);
    expect(payloadIntent('GUILD_MEMBER_UPDATE', {}, 'bot')).toBe(Intent.GUILD_MEMBERS);
    expect(payloadIntent('INTERACTION_CREATE', { guild_id: '1' }, 'bot')).toBeUndefined();
  });
});

describe('the archived thread lists', () => {
  const P = Permission;
  const reader = P.VIEW_CHANNEL | P.READ_MESSAGE_HISTORY;

  it('view first, then history; the private list also MANAGE_THREADS; an administrator reads all', () => {
    expect(archivedListRefusal(P.READ_MESSAGE_HISTORY, 'public')).toBe(ChannelErrors.missingAccess);
    expect(archivedListRefusal(P.VIEW_CHANNEL, 'public')).toBe(ChannelErrors.missingPermissions);
    expect(archivedListRefusal(reader, 'public')).toBeUndefined();
    expect(archivedListRefusal(reader, 'joined')).toBeUndefined();
    expect(archivedListRefusal(reader, 'private')).toBe(ChannelErrors.missingPermissions);
    expect(archivedListRefusal(reader | P.MANAGE_THREADS, 'private')).toBeUndefined();
    expect(archivedListRefusal(P.ADMINISTRATOR, 'private')).toBeUndefined();
  });

  const query = (params: string) => {
    const s = new URLSearchParams(params);
    return (name: string) => s.get(name);
  };

  it('before is a time for the public and private lists, a thread id for the joined list', () => {
    expect(parseArchivedQuery(query(''), 'public')).toEqual({ limit: 50 });
    expect(parseArchivedQuery(query('before=2026-01-01T00:00:00Z&limit=2'), 'private')).toEqual({
      limit: 2,
      beforeMs: Date.parse('2026-01-01T00:00:00Z'),
    });
    expect(parseArchivedQuery(query(''), 'joined')).toEqual({ limit: 50 });
    expect(parseArchivedQuery(query('before=77'), 'joined')).toEqual({ limit: 50, beforeId: '77' });
    expect(parseArchivedQuery(query('before=2026-01-01T00:00:00Z'), 'joined')).toEqual([
      problem('threads-before', ['before'], 'before must be a thread id.', ApiErrors.snowflake('2026-01-01T00:00:00Z')),
    ]);
    expect(parseArchivedQuery(query('before=soon'), 'public')).toEqual([
      problem(
        'threads-before',
        ['before'],
        'before must be an ISO 8601 time.',
        ApiErrors.invalid('Invalid timestamp.'),
      ),
    ]);
    expect(parseArchivedQuery(query('limit=1'), 'public')).toEqual([
      problem('threads-limit', ['limit'], 'limit is at least 2.', ApiErrors.numberMin(2)),
    ]);
  });

  it('a page: newest archived first (ties by id, highest first), or by id for the joined list; has_more past the limit', () => {
    const threads = [
      { id: '10', archivedAtMs: 300 },
      { id: '9', archivedAtMs: 100 },
      { id: '30', archivedAtMs: 200 },
      { id: '20', archivedAtMs: 200 },
    ];
    const ids = (r: { page: Array<{ id: string }>; hasMore: boolean }) => [r.page.map((t) => t.id), r.hasMore];
    expect(ids(archivedPage(threads, 'public', { limit: 10 }))).toEqual([['10', '30', '20', '9'], false]);
    expect(ids(archivedPage(threads, 'public', { limit: 2 }))).toEqual([['10', '30'], true]);
    expect(ids(archivedPage(threads, 'private', { limit: 4 }))).toEqual([['10', '30', '20', '9'], false]);
    expect(ids(archivedPage(threads, 'public', { limit: 10, beforeMs: 300 }))).toEqual([['30', '20', '9'], false]);
    expect(ids(archivedPage(threads, 'joined', { limit: 10 }))).toEqual([['30', '20', '10', '9'], false]);
    expect(ids(archivedPage(threads, 'joined', { limit: 1, beforeId: '20' }))).toEqual([['10'], true]);
  });
});
