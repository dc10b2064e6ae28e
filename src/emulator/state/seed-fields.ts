/**
 * Reading one field of a seed: the check it must pass and the message that
 * names it when it does not. Ids, lists, locales, permission sets, overwrites,
 * install scopes, application flags, endpoints and control tokens.
 */
import { OverwriteType } from '../../wire/enums.js';
import { GUILD_INSTALL_SCOPES } from '../../wire/installation.js';
import { GATEWAY_FLAG_NAMES } from '../../wire/intents.js';
import { isLocale, suggestLocale } from '../../wire/locales.js';
import { parsePermissionSet } from '../../wire/permissions.js';
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import { DEFAULT_INSTALL_SCOPES } from './grants.js';
import type { Channel } from './world.js';

/** A seed that cannot be used; the message names the field. */
export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

export function idOr(value: unknown, nextId: () => Snowflake, where: string): Snowflake {
  if (value === undefined || value === null) return nextId();
  const text = typeof value === 'number' ? String(value) : value;
  if (!isSnowflake(text))
    throw new SeedError(`${where}: ${JSON.stringify(value)} is not a snowflake (give ids as strings)`);
  return text;
}

export function list<T>(value: T[] | undefined, where: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SeedError(`${where} must be a list`);
  return value;
}

/** A seed's application `flags`: the gateway-intent flags by name (GATEWAY_MESSAGE_CONTENT, …); none enabled when left out, as for a new app. */
export function gatewayFlagsOf(flags: unknown, where: string): number {
  const names = Object.keys(GATEWAY_FLAG_NAMES);
  if (!Array.isArray(flags)) throw new SeedError(`${where} must be a list of flag names (${names.join(', ')})`);
  let bits = 0;
  for (const [fi, name] of flags.entries()) {
    const bit =
      typeof name === 'string' && Object.hasOwn(GATEWAY_FLAG_NAMES, name) ? GATEWAY_FLAG_NAMES[name]! : undefined;
    if (bit === undefined)
      throw new SeedError(
        `${where}[${fi}]: ${JSON.stringify(name)} is not an application flag the emulator takes (${names.join(', ')})`,
      );
    bits |= bit;
  }
  return bits;
}

/** A user's language setting: one of the service's locale keys. */
export function localeOf(value: unknown, where: string): string {
  if (typeof value === 'string' && isLocale(value)) return value;
  const hint = typeof value === 'string' ? suggestLocale(value) : undefined;
  throw new SeedError(
    `${where}: ${JSON.stringify(value)} is not a locale${hint ? `; did you mean "${hint}"?` : ' (e.g. en-US, fr, pt-BR)'}`,
  );
}

/** A seed's permission set (names or a decimal string) as the decimal string the world keeps. */
export function bitsOf(value: unknown, where: string): string {
  const parsed =
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? { bits: BigInt(value) }
      : typeof value === 'string' || Array.isArray(value)
        ? parsePermissionSet(value as string | string[])
        : undefined;
  if (!parsed) throw new SeedError(`${where} must be permission names or a decimal bit set`);
  if ('unknown' in parsed)
    throw new SeedError(`${where}: "${parsed.unknown}" is not a permission name (e.g. SEND_MESSAGES, BAN_MEMBERS)`);
  return parsed.bits.toString();
}

export function overwriteOf(
  o: { id: unknown; type: unknown; allow?: unknown; deny?: unknown },
  where: string,
): NonNullable<Channel['permissionOverwrites']>[number] {
  if (typeof o !== 'object' || o === null) throw new SeedError(`${where} must be a mapping`);
  const type =
    o.type === 'role' || o.type === OverwriteType.ROLE
      ? OverwriteType.ROLE
      : o.type === 'member' || o.type === OverwriteType.MEMBER
        ? OverwriteType.MEMBER
        : undefined;
  if (type === undefined) throw new SeedError(`${where}.type must be role or member`);
  const id = typeof o.id === 'number' ? String(o.id) : o.id;
  if (!isSnowflake(id))
    throw new SeedError(`${where}.id: ${JSON.stringify(o.id)} is not a snowflake (give ids as strings)`);
  return {
    id,
    type,
    allow: o.allow === undefined ? '0' : bitsOf(o.allow, `${where}.allow`),
    deny: o.deny === undefined ? '0' : bitsOf(o.deny, `${where}.deny`),
  };
}

export function seededScopes(
  cfg: { scopes?: unknown; commands_scope?: unknown } | null | undefined,
  where: string,
): readonly string[] {
  if (cfg?.scopes === undefined) return cfg?.commands_scope === false ? [] : DEFAULT_INSTALL_SCOPES;
  if (!Array.isArray(cfg.scopes) || cfg.scopes.some((x) => !GUILD_INSTALL_SCOPES.includes(x as string))) {
    throw new SeedError(`${where}.scopes must be a list of ${GUILD_INSTALL_SCOPES.join(' and ')}`);
  }
  return cfg.scopes as string[];
}

/** What is wrong with a control token, or undefined: it travels in a header, and guards the control routes. */
export function controlTokenProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (!/^[\x21-\x7e]{8,256}$/.test(value)) return 'must be 8 to 256 visible ASCII characters (no spaces)';
  return undefined;
}

/** An interactions endpoint must be an absolute http(s) URL. */
export function endpointUrl(value: unknown, where: string): string {
  try {
    const u = new URL(String(value));
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // reported below
  }
  throw new SeedError(`${where} must be an http:// or https:// URL`);
}
