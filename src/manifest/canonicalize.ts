import {
  ChannelType,
  CommandType,
  EntryPointHandler,
  IntegrationType,
  InteractionContext,
  OptionType,
  PermissionEntryType,
  enumValue,
  type EnumTable,
} from '../wire/enums.js';
import { RESPONSE_ONLY_COMMAND_FIELDS } from '../wire/defaults.js';
import { DECIMAL_PERMISSIONS, PERMISSION_BITS, allChannelsId, permissionBit } from '../wire/permissions.js';
import { closest } from '../wire/suggest.js';
import { problem, type Path, type PathSegment, type Problem } from '../wire/problem.js';
import { isObject, pathTo, ROOT, type Obj } from '../wire/rules/values.js';
import { isSnowflake } from '../wire/snowflake.js';

/**
 * Manifest spellings -> the interface's wire form. Commands are written as
 * the API takes them, plus friendly spellings (enum names, permission names).
 * The result keeps the input's shape (same keys, same indices) so a rule's
 * path points at the same node in the file. A spelling that names nothing is
 * reported here and left as written.
 */

/** Keys a manifest may put on a command that are not sent to the service. */
export const MANIFEST_ONLY_COMMAND_KEYS = ['renamed_from'] as const;

/** "an option type", "a channel type": the article the label's first sound wants. */
const article = (label: string): string => (/^[aeiou]/i.test(label) ? 'an' : 'a');

/** The value at `path` + `key` (see pathTo: the path is built only for a report; this runs for every option). */
function convertEnum(
  out: Problem[],
  table: EnumTable,
  value: unknown,
  path: Path,
  label: string,
  key?: PathSegment,
): unknown {
  if (typeof value !== 'string') return value;
  const v = enumValue(table, value);
  if (v === undefined) {
    const names = Object.keys(table).map((n) => n.toLowerCase());
    const hint = closest(value, names);
    const tail = hint ? `did you mean "${hint}"?` : `use one of ${names.join(', ')}.`;
    out.push(problem('enum-name', pathTo(path, key), `"${value}" is not ${article(label)} ${label}; ${tail}`));
    return value;
  }
  return v;
}

/** The list at `path` + `key`, converted item by item. */
function convertEnumList(
  out: Problem[],
  table: EnumTable,
  value: unknown,
  path: Path,
  label: string,
  key: PathSegment,
): unknown {
  if (!Array.isArray(value)) return value;
  const list = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    // The item's path is built only for a name that names nothing, which convertEnum reports.
    list[i] =
      typeof item !== 'string'
        ? item
        : (enumValue(table, item) ?? convertEnum(out, table, item, [...path, key, i], label));
  }
  return list;
}

/** A list of permission names, one name, a number or a decimal string -> the decimal string. */
export function canonicalPermissions(out: Problem[], value: unknown, path: Path): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && DECIMAL_PERMISSIONS.test(value)) return value;
  // Number-like text ("1.1") is a malformed bit set, not a name: the spec rule says so.
  if (typeof value === 'string' && /^[\d.\s-]+$/.test(value)) return value;
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[|,]/) : undefined;
  if (!names) return value;
  let bits = 0n;
  names.forEach((name, i) => {
    if (typeof name === 'number' && Number.isSafeInteger(name) && name >= 0) bits |= BigInt(name);
    else if (typeof name === 'string' && DECIMAL_PERMISSIONS.test(name.trim())) bits |= BigInt(name.trim());
    else if (typeof name === 'string' && permissionBit(name) !== undefined) bits |= permissionBit(name)!;
    else {
      const hint =
        typeof name === 'string' ? closest(name.trim().toUpperCase(), Object.keys(PERMISSION_BITS)) : undefined;
      out.push(
        problem(
          'permission-name',
          Array.isArray(value) ? [...path, i] : path,
          `"${String(name)}" is not a permission name${hint ? `; did you mean "${hint}"?` : ' (e.g. MANAGE_GUILD, BAN_MEMBERS).'}`,
        ),
      );
    }
  });
  return bits.toString();
}

/**
 * A copy without the manifest's own x-… keys, which the service never sees,
 * nor the keys in `drop`. It runs for every command, option and choice.
 */
function withoutExtensions(value: Obj, drop?: ReadonlySet<string>): Obj {
  // Most have a few keys, none to leave out: a spread copies them whole, in their shape, in one step (`__proto__` as an own key goes the long way, as before).
  let count = 0;
  for (const key in value) {
    if (key.startsWith('x-') || key === '__proto__' || drop?.has(key) === true) return copyWithout(value, drop);
    // A mapping of thousands of keys is a dictionary to V8, and spreading one costs several times a copy key by key (100,000 keys: 450 ms against 170).
    if (++count > MANY_KEYS) return copyWithout(value, drop);
  }
  return { ...value };
}

/** Past this many keys an object is copied key by key, not spread (withoutExtensions). */
const MANY_KEYS = 64;

function copyWithout(value: Obj, drop: ReadonlySet<string> | undefined): Obj {
  const copy: Obj = {};
  for (const key in value) if (!key.startsWith('x-') && drop?.has(key) !== true) copy[key] = value[key];
  return copy;
}

/** Each item of `list` copied by `each`, which is given the item's path: `path` + its index. */
function canonicalList(
  out: Problem[],
  list: unknown[],
  path: Path,
  each: (out: Problem[], item: unknown, path: Path) => unknown,
): unknown[] {
  const copy = new Array(list.length);
  for (let i = 0; i < list.length; i++) copy[i] = each(out, list[i], pathTo(path, i));
  return copy;
}

function canonicalChoices(list: unknown[]): unknown[] {
  const copy = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const choice: unknown = list[i];
    copy[i] = isObject(choice) ? withoutExtensions(choice) : choice;
  }
  return copy;
}

function canonicalOption(out: Problem[], opt: unknown, path: Path): unknown {
  if (!isObject(opt)) return opt;
  const o = withoutExtensions(opt);
  if ('type' in o) o.type = convertEnum(out, OptionType, o.type, path, 'option type', 'type');
  if ('channel_types' in o)
    o.channel_types = convertEnumList(out, ChannelType, o.channel_types, path, 'channel type', 'channel_types');
  if (Array.isArray(o.options)) o.options = canonicalList(out, o.options, pathTo(path, 'options'), canonicalOption);
  if (Array.isArray(o.choices)) o.choices = canonicalChoices(o.choices);
  return o;
}

export function manifestToWire(out: Problem[], cmd: unknown): unknown {
  if (!isObject(cmd)) return cmd;
  const c = withoutExtensions(cmd, RESPONSE_ONLY_COMMAND_FIELDS);
  if ('type' in c) c.type = convertEnum(out, CommandType, c.type, ROOT, 'command type', 'type');
  if ('handler' in c)
    c.handler = convertEnum(out, EntryPointHandler, c.handler, ROOT, 'entry point handler', 'handler');
  if ('contexts' in c)
    c.contexts = convertEnumList(out, InteractionContext, c.contexts, ROOT, 'interaction context', 'contexts');
  if ('integration_types' in c)
    c.integration_types = convertEnumList(
      out,
      IntegrationType,
      c.integration_types,
      ROOT,
      'integration type',
      'integration_types',
    );
  if ('default_member_permissions' in c)
    c.default_member_permissions = canonicalPermissions(out, c.default_member_permissions, [
      'default_member_permissions',
    ]);
  if (Array.isArray(c.options)) c.options = canonicalList(out, c.options, ['options'], canonicalOption);
  return c;
}

/** Drops what only the manifest uses, giving the body the service receives. */
export function wireCommand(cmd: Obj): Obj {
  const { renamed_from: _r, id: _id, ...wire } = cmd;
  return wire;
}

const TARGET_KEYS = {
  role: PermissionEntryType.ROLE,
  user: PermissionEntryType.USER,
  channel: PermissionEntryType.CHANNEL,
} as const;

/**
 * `{ role: ID, allow: true }` (or user/channel; the symbols `everyone` and
 * `all_channels`) or the wire form `{ id, type, permission }` -> wire form.
 * Returns the key the id came from so problems can point at it.
 */
export function canonicalPermissionEntry(
  out: Problem[],
  entry: unknown,
  guildId: string | undefined,
  path: Path,
): { entry: unknown; idKey: string; permissionKey: string } {
  if (!isObject(entry)) return { entry, idKey: 'id', permissionKey: 'permission' };
  const targetKey = (Object.keys(TARGET_KEYS) as Array<keyof typeof TARGET_KEYS>).find((k) => k in entry);
  if (!targetKey) {
    const e = withoutExtensions(entry);
    if ('type' in e) e.type = convertEnum(out, PermissionEntryType, e.type, path, 'permission entry type', 'type');
    return { entry: e, idKey: 'id', permissionKey: 'permission' };
  }
  let id = entry[targetKey];
  if (id === 'everyone' || id === '@everyone') {
    if (targetKey !== 'role')
      out.push(problem('permission-entry', [...path, targetKey], '"everyone" is a role target: write role: everyone.'));
    id = guildId;
  } else if (id === 'all_channels') {
    if (targetKey !== 'channel')
      out.push(
        problem(
          'permission-entry',
          [...path, targetKey],
          '"all_channels" is a channel target: write channel: all_channels.',
        ),
      );
    id = guildId && isSnowflake(guildId) ? allChannelsId(guildId) : undefined;
  }
  const others = Object.keys(TARGET_KEYS).filter((k) => k !== targetKey && k in entry);
  if (others.length > 0)
    out.push(
      problem(
        'permission-entry',
        [...path, others[0]],
        `An entry names one target; this one has both ${targetKey} and ${others[0]}.`,
      ),
    );
  const permissionKey = 'allow' in entry ? 'allow' : 'permission';
  return {
    entry: { id, type: TARGET_KEYS[targetKey], permission: entry[permissionKey] },
    idKey: targetKey,
    permissionKey,
  };
}
