/**
 * A parsed command line checked against the registered command the way the
 * client checks it before sending (types, required options, choices,
 * min/max, lengths, channel types), and turned into the interaction's
 * `data.options` tree (facts §9.1). Pure: the guild's users, roles and
 * channels come in through `MentionLookup`.
 */
import { ChannelType, OptionType } from '../enums.js';
import { isSnowflake, MENTION_SOURCE, SNOWFLAKE_DIGITS } from '../snowflake.js';
import { CommandLineError, type LinePair, type LineWord, type ParsedLine } from './command-line.js';
import type { NameMatch } from './names.js';
import type { Obj } from '../rules/values.js';

export interface InteractionOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: InteractionOption[];
  focused?: true;
}

/** What the client knows of the ids a user may mention. */
export interface MentionLookup {
  isUser(id: string): boolean;
  isRole(id: string): boolean;
  /** The channel's type, or undefined when the user cannot see it. */
  channelType(id: string): number | undefined;
  /** `@name` and `#name`: the id a name stands for here, or why none does (names.ts). Without it only ids and mentions resolve. */
  named?(kind: 'user' | 'role' | 'channel', name: string): NameMatch;
}

export interface ResolvedOptions {
  /** The default names of the group and subcommand chosen, as typed path. */
  options: InteractionOption[];
  /** Ids the options mention, for `data.resolved`. */
  users: string[];
  roles: string[];
  channels: string[];
  /** Attachment options: the option's name and the path the user gave. */
  attachments: Array<{ option: string; path: string }>;
  /** The option being typed (autocomplete). */
  focused?: string;
}

export interface ResolveOptions {
  locale?: string;
  /** Autocomplete: the last option is focused, required ones may be missing, the focused value is sent as typed. */
  autocomplete?: boolean;
  /** Who and what may be mentioned; without it no mention resolves. */
  lookup?: MentionLookup;
}

const SUB = OptionType.SUB_COMMAND;
const GROUP = OptionType.SUB_COMMAND_GROUP;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The name a user sees: the default, or its localization for their locale. Both are accepted. */
function matchesName(o: Obj, typed: string, locale: string | undefined): boolean {
  if (o.name === typed) return true;
  const loc = o.name_localizations as Record<string, string> | null | undefined;
  return locale !== undefined && !!loc && loc[locale] === typed;
}

function optionList(o: Obj): Obj[] {
  return Array.isArray(o.options) ? (o.options as Obj[]) : [];
}

const names = (list: Obj[]) => list.map((o) => o.name as string).join(', ');

/** `<@123>`, `<@!123>` or a bare id. */
const USER_MENTION = new RegExp(`^${MENTION_SOURCE.user}$`);
const ROLE_MENTION = new RegExp(`^${MENTION_SOURCE.role}$`);
const CHANNEL_MENTION = new RegExp(`^(?:${MENTION_SOURCE.channel}|#?(${SNOWFLAKE_DIGITS}))$`);
const bareId = (v: string) => (isSnowflake(v) ? v : undefined);
const userId = (v: string) => USER_MENTION.exec(v)?.[1] ?? bareId(v);
const roleId = (v: string) => ROLE_MENTION.exec(v)?.[1] ?? bareId(v);
/** `<#123>`, `#123` or a bare id. */
const channelId = (v: string) => {
  const m = CHANNEL_MENTION.exec(v);
  return m?.[1] ?? m?.[2];
};

const CHANNEL_NAMES: Record<number, string> = Object.fromEntries(Object.entries(ChannelType).map(([k, v]) => [v, k]));

/** Walks bare words into the group and subcommand, then checks the pairs against the leaf's options. */
export function resolveOptions(
  command: Obj,
  line: ParsedLine,
  opts: ResolveOptions = {},
): { path: string[]; result: ResolvedOptions } {
  const { locale } = opts;
  let level = optionList(command);
  const path: Array<{ option: Obj; word: LineWord }> = [];
  for (const word of line.words) {
    const containers = level.filter((o) => o.type === SUB || o.type === GROUP);
    const found = containers.find((o) => matchesName(o, word.text, locale));
    if (!found) {
      const what =
        containers.length > 0 ? `expected one of: ${names(containers)}` : 'this command takes no subcommand here';
      throw new CommandLineError(`unknown subcommand "${word.text}" (${what})`, word.start, word.end - word.start);
    }
    path.push({ option: found, word });
    level = optionList(found);
    if (found.type === SUB) break;
  }
  if (path.length < line.words.length) {
    const extra = line.words[path.length]!;
    throw new CommandLineError(`unexpected "${extra.text}"`, extra.start, extra.end - extra.start);
  }
  const pending = level.filter((o) => o.type === SUB || o.type === GROUP);
  if (pending.length > 0) {
    const at = line.words.at(-1)?.end ?? line.command.end;
    throw new CommandLineError(`choose a subcommand: ${names(pending)}`, at, 1);
  }

  const result: ResolvedOptions = { options: [], users: [], roles: [], channels: [], attachments: [] };
  const seen = new Set<string>();
  const leafOptions: InteractionOption[] = [];
  const focusedPair = opts.autocomplete ? line.pairs.at(-1) : undefined;
  for (const pair of line.pairs) {
    const def = level.find((o) => matchesName(o, pair.name, locale));
    if (!def) {
      const valid = level.length > 0 ? ` (options: ${names(level)})` : ' (this command takes no options)';
      throw new CommandLineError(`unknown option "${pair.name}"${valid}`, pair.start, pair.valueStart - 1 - pair.start);
    }
    const name = def.name as string;
    if (seen.has(name)) throw new CommandLineError(`"${name}" is given twice`, pair.start, pair.end - pair.start);
    seen.add(name);
    if (pair === focusedPair) {
      if (def.autocomplete !== true)
        throw new CommandLineError(`option "${name}" has no autocomplete`, pair.start, pair.end - pair.start);
      // The client sends what is typed so far, as a string, whatever the option's type.
      leafOptions.push({ name, type: def.type as number, value: pair.value, focused: true });
      result.focused = name;
      continue;
    }
    leafOptions.push(typedOption(def, pair, result, opts));
  }
  if (opts.autocomplete && !focusedPair)
    throw new CommandLineError('autocomplete needs an option being typed (name:partial)', line.command.end, 1);
  if (!opts.autocomplete) {
    const missing = level.filter((o) => o.required === true && !seen.has(o.name as string));
    if (missing.length > 0) {
      const end = line.pairs.at(-1)?.end ?? line.words.at(-1)?.end ?? line.command.end;
      throw new CommandLineError(`missing required option${missing.length > 1 ? 's' : ''}: ${names(missing)}`, end, 1);
    }
  }
  // Options are sent in the order the command declares them, as the client does.
  const order = new Map(level.map((o, i) => [o.name as string, i]));
  leafOptions.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));

  let tree: InteractionOption[] = leafOptions;
  for (const { option } of [...path].reverse())
    tree = [{ name: option.name as string, type: option.type as number, options: tree }];
  result.options = tree;
  return { path: path.map((p) => p.option.name as string), result };
}

function fail(pair: LinePair, message: string): never {
  const width = Math.max(1, pair.end - pair.valueStart);
  throw new CommandLineError(message, pair.valueStart, width);
}

function choiceValue(def: Obj, pair: LinePair, locale: string | undefined, typed: unknown): unknown {
  const choices = Array.isArray(def.choices) ? (def.choices as Obj[]) : undefined;
  if (!choices) return typed;
  // The user picks a choice by its (possibly localized) name; typing its value works too.
  const byName = choices.find((c) => matchesName(c, pair.value, locale));
  if (byName) return byName.value;
  const byValue = choices.find((c) => String(c.value) === pair.value);
  if (byValue) return byValue.value;
  fail(pair, `"${pair.value}" is not one of the choices: ${choices.map((c) => c.name).join(', ')}`);
}

function typedOption(def: Obj, pair: LinePair, out: ResolvedOptions, opts: ResolveOptions): InteractionOption {
  const name = def.name as string;
  const type = def.type as number;
  const v = pair.value;
  const withValue = (value: string | number | boolean): InteractionOption => ({ name, type, value });
  switch (type) {
    case OptionType.STRING: {
      const value = choiceValue(def, pair, opts.locale, v) as string;
      const len = [...value].length;
      if (typeof def.min_length === 'number' && len < def.min_length)
        fail(pair, `at least ${def.min_length} characters`);
      if (typeof def.max_length === 'number' && len > def.max_length)
        fail(pair, `at most ${def.max_length} characters`);
      if (len === 0) fail(pair, 'a value is needed');
      return withValue(value);
    }
    case OptionType.INTEGER:
    case OptionType.NUMBER: {
      const chosen = Array.isArray(def.choices) ? choiceValue(def, pair, opts.locale, undefined) : undefined;
      const n = chosen !== undefined ? Number(chosen) : Number(v);
      if (chosen === undefined) {
        const pattern = type === OptionType.INTEGER ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
        if (!pattern.test(v) || !Number.isFinite(n))
          fail(pair, type === OptionType.INTEGER ? `"${v}" is not an integer` : `"${v}" is not a number`);
        if (Math.abs(n) > MAX_SAFE) fail(pair, `must be between -${MAX_SAFE} and ${MAX_SAFE}`);
      }
      if (typeof def.min_value === 'number' && n < def.min_value) fail(pair, `must be at least ${def.min_value}`);
      if (typeof def.max_value === 'number' && n > def.max_value) fail(pair, `must be at most ${def.max_value}`);
      return withValue(n);
    }
    case OptionType.BOOLEAN: {
      const b = v.toLowerCase();
      if (b !== 'true' && b !== 'false') fail(pair, `"${v}" is not True or False`);
      return withValue(b === 'true');
    }
    case OptionType.USER: {
      const id = userId(v) ?? byName(pair, opts, 'user', '@');
      if (!id) fail(pair, `"${v}" is not a user mention (<@id>)`);
      if (!lookupOf(opts).isUser(id)) fail(pair, `no user ${id} here`);
      out.users.push(id);
      return withValue(id);
    }
    case OptionType.ROLE: {
      const id = roleId(v) ?? byName(pair, opts, 'role', '@');
      if (!id) fail(pair, `"${v}" is not a role mention (<@&id>)`);
      if (!lookupOf(opts).isRole(id)) fail(pair, `no role ${id} in this server`);
      out.roles.push(id);
      return withValue(id);
    }
    case OptionType.MENTIONABLE: {
      const lookup = lookupOf(opts);
      const named = mentionableByName(pair, lookup);
      const role = ROLE_MENTION.exec(v)?.[1] ?? (named?.kind === 'role' ? named.id : undefined);
      const user = role ? undefined : (userId(v) ?? named?.id);
      if (role && lookup.isRole(role)) {
        out.roles.push(role);
        return withValue(role);
      }
      if (user && lookup.isUser(user)) {
        out.users.push(user);
        return withValue(user);
      }
      if (user && lookup.isRole(user)) {
        out.roles.push(user);
        return withValue(user);
      }
      return fail(pair, `"${v}" is not a user or role mention here`);
    }
    case OptionType.CHANNEL: {
      const id = channelId(v) ?? byName(pair, opts, 'channel', '#');
      if (!id) fail(pair, `"${v}" is not a channel mention (<#id>)`);
      const ct = lookupOf(opts).channelType(id);
      if (ct === undefined) fail(pair, `no channel ${id} in this server`);
      const allowed = Array.isArray(def.channel_types) ? (def.channel_types as number[]) : undefined;
      if (allowed && !allowed.includes(ct)) {
        fail(
          pair,
          `channel ${id} is ${CHANNEL_NAMES[ct] ?? ct}; this option takes ${allowed.map((t) => CHANNEL_NAMES[t] ?? t).join(', ')}`,
        );
      }
      out.channels.push(id);
      return withValue(id);
    }
    case OptionType.ATTACHMENT: {
      const path = v.startsWith('file:') ? v.slice(5) : v;
      if (path === '') fail(pair, 'give a file as file:PATH');
      out.attachments.push({ option: name, path });
      // The id is assigned when the file is uploaded; the emulator fills it in.
      return withValue('');
    }
    default:
      fail(pair, `option type ${type} cannot be given a value`);
  }
}

/** `@name` / `#name` through the lookup: its id, a failure listing the candidates, or undefined when the value is no name. */
function byName(
  pair: LinePair,
  opts: ResolveOptions,
  kind: 'user' | 'role' | 'channel',
  sigil: '@' | '#',
): string | undefined {
  const named = lookupOf(opts).named;
  if (!named || !pair.value.startsWith(sigil) || pair.value.length === 1) return undefined;
  const match = named(kind, pair.value.slice(1));
  if ('problem' in match) fail(pair, match.problem);
  return match.id;
}

/** `@name` for a mentionable: a member or a role of that name; both is ambiguous. */
function mentionableByName(pair: LinePair, lookup: MentionLookup): { kind: 'user' | 'role'; id: string } | undefined {
  if (!lookup.named || !pair.value.startsWith('@') || pair.value.length === 1) return undefined;
  const user = lookup.named('user', pair.value.slice(1));
  const role = lookup.named('role', pair.value.slice(1));
  if ('id' in user && 'id' in role)
    fail(pair, `"${pair.value}" names both a member (${user.id}) and a role (${role.id}); give <@id> or <@&id>`);
  if ('id' in user) return { kind: 'user', id: user.id };
  if ('id' in role) return { kind: 'role', id: role.id };
  fail(pair, `${user.problem}; ${role.problem}`);
}

function lookupOf(opts: ResolveOptions): MentionLookup {
  return opts.lookup ?? NO_LOOKUP;
}

const NO_LOOKUP: MentionLookup = { isUser: () => false, isRole: () => false, channelType: () => undefined };
