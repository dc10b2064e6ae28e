/**
 * Telling a guild's bots what changed in it (members, bans, roles) and
 * keeping the audit log entry. Every application whose bot is in the guild
 * gets the dispatch; which sessions receive it is the gateway's concern
 * (the intent: wire/gateway.ts DISPATCH_INTENT, wire/intents.ts for member
 * events). Emitted with the request, so sent only once it is committed.
 */
import { GUILD_FORMAT } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { memberObject, plainUser } from '../gateway/members.js';
import type { AuditEntry, Guild } from '../state/world.js';
import { botInGuild } from './message-events.js';
import type { Obj } from '../../wire/rules/values.js';

export type GuildMember = Guild['members'][number];

/** `name` with `data` (and the guild's id) to every application whose bot is in `guild`. */
export function announceGuild(events: EventBus, guild: Guild, name: string, data: Obj): void {
  const payload = { ...data, guild_id: guild.id };
  for (const applicationId of Object.keys(guild.apps))
    if (botInGuild(guild, applicationId)) events.emit({ applicationId, name, data: payload, guildId: guild.id });
}

/** GUILD_MEMBER_UPDATE with the member as it now is. */
export function announceMemberUpdate(events: EventBus, guild: Guild, m: GuildMember): Obj {
  const object = memberObject(guild, m);
  announceGuild(events, guild, 'GUILD_MEMBER_UPDATE', object);
  return object;
}

/** GUILD_MEMBER_REMOVE: the member left, was kicked or banned. */
export function announceMemberRemove(events: EventBus, guild: Guild, m: { id: Snowflake; username: string }): void {
  announceGuild(events, guild, 'GUILD_MEMBER_REMOVE', { user: plainUser(m) });
}

/** The `X-Audit-Log-Reason` header as the service keeps it: URL-decoded, at most 512 characters. */
export function auditReason(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '') return undefined;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: kept as sent.
  }
  return text.slice(0, GUILD_FORMAT.audit_reason_max);
}

/** Appends an entry to the guild's audit log. */
export function audit(guild: Guild, nextId: () => Snowflake, entry: Omit<AuditEntry, 'id'>): void {
  const e: AuditEntry = { id: nextId(), ...entry };
  if (e.reason === undefined) delete e.reason;
  (guild.auditLog ??= []).push(e);
}

/** An entry for what the bot did through `req`, with the request's `X-Audit-Log-Reason` when it gave one. */
export function auditRequest(
  guild: Guild,
  nextId: () => Snowflake,
  req: { headers: Record<string, string | string[] | undefined> },
  entry: Omit<AuditEntry, 'id' | 'reason'>,
): void {
  const reason = auditReason(req.headers['x-audit-log-reason']);
  audit(guild, nextId, { ...entry, ...(reason ? { reason } : {}) });
}
