/**
 * The rules of guild channel bodies (create, edit, a permission overwrite),
 * written once: the field limits, which types a bot may create, what each
 * change needs of the bot's permissions, slowmode, and the service's answers
 * for the channel and thread routes. Pure; the emulator's channel and thread
 * routes use them (thread bodies: ./thread-fields.ts).
 */
import { ChannelType } from './enums.js';
import { Permission } from './permissions.js';
import { ApiErrors, problem, type Problem } from './problem.js';
import { isObject, type Obj } from './rules/values.js';
import { isSnowflake } from './snowflake.js';
import type { WebhookError } from './webhook.js';

/** Field limits of the channel object (the Channel resource: name 1-100, topic 0-1024, slowmode 0-21600 s). */
export const CHANNEL_FIELD_LIMITS = {
  nameMin: 1,
  nameMax: 100,
  topicMax: 1024,
  /** Forum and media channels' topic (their guidelines) is longer. */
  forumTopicMax: 4096,
  slowmodeMaxSeconds: 21_600,
  /** Tags a forum or media channel, or one of its posts, may carry. */
  tagsMax: 20,
  tagNameMax: 20,
} as const;

/** The guild channel types POST /guilds/{id}/channels makes; threads are made through the thread routes. */
export const CREATABLE_CHANNEL_TYPES: readonly number[] = [
  ChannelType.GUILD_TEXT,
  ChannelType.GUILD_VOICE,
  ChannelType.GUILD_CATEGORY,
  ChannelType.GUILD_ANNOUNCEMENT,
  ChannelType.GUILD_STAGE_VOICE,
  ChannelType.GUILD_FORUM,
  ChannelType.GUILD_MEDIA,
];

/** The answers of the channel, overwrite and thread routes beyond the message routes' (wire/messages/errors.ts). */
export const ChannelEditErrors = {
  threadArchived: { status: 400, code: 50083, message: 'Thread is archived' },
  /** facts discord-api §2.2: a slowmode refusal is a 429 with code 20016. */
  slowmode: { status: 429, code: 20016, message: 'This action cannot be performed due to slowmode rate limit' },
  /** A thread needs a channel that holds them: text, announcement, forum or media. */
  invalidThreadChannel: { status: 400, code: 50024, message: 'Cannot execute action on this channel type' },
  threadExists: { status: 400, code: 160004, message: 'A thread has already been created for this message' },
} as const satisfies Record<string, WebhookError>;

/** The permission bits by name (wire/permissions.ts). */
export const ChannelBits = Permission;

export const holdsAll = (perms: bigint, bits: bigint): boolean =>
  (perms & ChannelBits.ADMINISTRATOR) !== 0n || (perms & bits) === bits;

/** An overwrite as the body names it: a role (0) or member (1), allow and deny as decimal bit sets. */
export interface OverwriteBody {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

/**
 * A bot may only allow or deny in an overwrite what it holds itself (the
 * Channel resource: "only permissions your bot has in the guild or parent
 * channel can be allowed/denied"); MANAGE_ROLES only an administrator.
 */
export function overwriteGrantAllowed(botPerms: bigint, o: Pick<OverwriteBody, 'allow' | 'deny'>): boolean {
  if ((botPerms & ChannelBits.ADMINISTRATOR) !== 0n) return true;
  const named = BigInt(o.allow) | BigInt(o.deny);
  if ((named & ChannelBits.MANAGE_ROLES) !== 0n) return false;
  return (named & ~botPerms) === 0n;
}

/** A permission bit set as the service takes it: a decimal string (or a safe integer). */
const PERMISSION_SET = /^\d{1,20}$/;

/** One overwrite of a body (`permission_overwrites[i]`, or a PUT's body with the id from the path): its problems, or it. */
export function parseOverwrite(
  value: unknown,
  path: readonly (string | number)[],
  id?: string,
): OverwriteBody | Problem[] {
  if (!isObject(value)) return [problem('overwrite-object', path, 'An overwrite is an object.', ApiErrors.object())];
  const out: Problem[] = [];
  const oid = id ?? value.id;
  if (!isSnowflake(oid))
    out.push(
      problem('overwrite-id', [...path, 'id'], 'An overwrite names a role or member id.', ApiErrors.snowflake(oid)),
    );
  const type = value.type === 'role' ? 0 : value.type === 'member' ? 1 : value.type;
  if (type !== 0 && type !== 1)
    out.push(
      problem('overwrite-type', [...path, 'type'], 'type is 0 (role) or 1 (member).', ApiErrors.choices([0, 1])),
    );
  const bits = (key: 'allow' | 'deny'): string => {
    const v = value[key] ?? '0';
    const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
    if (typeof text === 'string' && PERMISSION_SET.test(text)) return String(BigInt(text));
    out.push(problem('overwrite-bits', [...path, key], `${key} is a permission bit set.`, ApiErrors.integer(v)));
    return '0';
  };
  const allow = bits('allow');
  const deny = bits('deny');
  return out.length > 0 ? out : { id: oid as string, type: type as 0 | 1, allow, deny };
}

export function stringProblem(b: Obj, key: string, min: number, max: number, required: boolean): Problem[] {
  const v = b[key];
  if (v === undefined || (v === null && !required)) {
    return required ? [problem(`channel-${key}`, [key], `${key} is required.`, ApiErrors.required())] : [];
  }
  if (typeof v !== 'string') return [problem(`channel-${key}`, [key], `${key} is a string.`, ApiErrors.string())];
  const n = [...v].length;
  if (n < min || n > max)
    return [
      problem(
        `channel-${key}`,
        [key],
        `${key} is ${min}-${max} characters.`,
        min === 0 ? ApiErrors.maxLength(max) : ApiErrors.badLength(min, max),
      ),
    ];
  return [];
}

export function intProblem(b: Obj, key: string, min: number, max: number): Problem[] {
  const v = b[key];
  if (v === undefined || v === null) return [];
  if (typeof v !== 'number' || !Number.isInteger(v))
    return [problem(`channel-${key}`, [key], `${key} is an integer.`, ApiErrors.integer(v))];
  if (v < min) return [problem(`channel-${key}`, [key], `${key} is at least ${min}.`, ApiErrors.numberMin(min))];
  if (v > max) return [problem(`channel-${key}`, [key], `${key} is at most ${max}.`, ApiErrors.numberMax(max))];
  return [];
}

export function booleanProblem(b: Obj, key: string): Problem[] {
  const v = b[key];
  return v === undefined || v === null || typeof v === 'boolean'
    ? []
    : [problem(`channel-${key}`, [key], `${key} is a boolean.`, ApiErrors.boolean(v))];
}

/** The fields a guild channel's create or edit body may set, checked; `create` makes `name` required. */
export function validateChannelBody(body: unknown, opts: { create: boolean; channelType: number }): Problem[] {
  if (!isObject(body)) return [problem('channel-body', [], 'The body is a JSON object.', ApiErrors.object())];
  const L = CHANNEL_FIELD_LIMITS;
  const forum = opts.channelType === ChannelType.GUILD_FORUM || opts.channelType === ChannelType.GUILD_MEDIA;
  const out = [
    ...stringProblem(body, 'name', L.nameMin, L.nameMax, opts.create),
    ...stringProblem(body, 'topic', 0, forum ? L.forumTopicMax : L.topicMax, false),
    ...intProblem(body, 'rate_limit_per_user', 0, L.slowmodeMaxSeconds),
    ...intProblem(body, 'default_thread_rate_limit_per_user', 0, L.slowmodeMaxSeconds),
    ...intProblem(body, 'position', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    ...booleanProblem(body, 'nsfw'),
  ];
  if (
    opts.create &&
    body.type !== undefined &&
    body.type !== null &&
    !CREATABLE_CHANNEL_TYPES.includes(body.type as number)
  )
    out.push(
      problem(
        'channel-type',
        ['type'],
        'Not a guild channel type a bot creates.',
        ApiErrors.choices(CREATABLE_CHANNEL_TYPES),
      ),
    );
  out.push(...tagProblems(body.available_tags));
  if (body.permission_overwrites !== undefined && body.permission_overwrites !== null) {
    if (!Array.isArray(body.permission_overwrites))
      out.push(problem('channel-overwrites', ['permission_overwrites'], 'A list of overwrites.', ApiErrors.array()));
    else
      body.permission_overwrites.forEach((o, i) => {
        const parsed = parseOverwrite(o, ['permission_overwrites', i]);
        if (Array.isArray(parsed)) out.push(...parsed);
      });
  }
  return out;
}

/** A forum or media channel's `available_tags`: at most 20, each `{ id?, name }` with a name of 1-20 characters. */
function tagProblems(value: unknown): Problem[] {
  if (value === undefined || value === null) return [];
  const L = CHANNEL_FIELD_LIMITS;
  if (!Array.isArray(value))
    return [problem('channel-tags', ['available_tags'], 'available_tags is a list of tags.', ApiErrors.array())];
  if (value.length > L.tagsMax)
    return [problem('channel-tags', ['available_tags'], `At most ${L.tagsMax} tags.`, ApiErrors.maxLength(L.tagsMax))];
  return value.flatMap((t, i) =>
    isObject(t)
      ? stringProblem(t, 'name', 1, L.tagNameMax, true).map((p) => ({ ...p, path: ['available_tags', i, ...p.path] }))
      : [problem('channel-tags', ['available_tags', i], 'A tag is an object.', ApiErrors.object())],
  );
}

/** The slowmode window still running for someone who last wrote at `lastMs`, or 0: exempt holders of MANAGE_MESSAGES or MANAGE_CHANNELS. */
export function slowmodeWait(perms: bigint, seconds: number, lastMs: number | undefined, nowMs: number): number {
  if (seconds <= 0 || lastMs === undefined) return 0;
  if ((perms & (ChannelBits.MANAGE_MESSAGES | ChannelBits.MANAGE_CHANNELS | ChannelBits.ADMINISTRATOR)) !== 0n)
    return 0;
  return Math.max(0, lastMs + seconds * 1000 - nowMs);
}

/** `parent_id` names a category of the guild, and a category has none ([UNC] the service's inner code; ours). */
export function parentProblems(parentId: unknown, parentType: number | undefined, childType: number): Problem[] {
  if (parentId === undefined || parentId === null) return [];
  if (childType === ChannelType.GUILD_CATEGORY || parentType !== ChannelType.GUILD_CATEGORY)
    return [
      problem(
        'channel-parent',
        ['parent_id'],
        'parent_id names a category of this guild (a category has none).',
        ApiErrors.invalid('Category does not exist', 'CHANNEL_PARENT_INVALID'),
      ),
    ];
  return [];
}
