/**
 * Every number the interface states, in one table. Where the spec and the live
 * service disagree the spec's number is the default (docs/architecture.md), and a manifest's
 * `limits:` section or the emulator's configuration overrides it (the live
 * service allows 15 USER and 15 MESSAGE commands, for example).
 */
export const DEFAULT_LIMITS = {
  /** Command, option and localized-name length. */
  name_max: 32,
  /** Command and option description length (CHAT_INPUT). */
  description_max: 100,
  /** Options per command, subcommand or group. */
  options_per_level: 25,
  choices_per_option: 25,
  choice_name_max: 100,
  choice_string_value_max: 100,
  /** Upper bound of min_length / max_length on STRING options. */
  string_option_length_max: 6000,
  /** Combined name + description + value characters of one CHAT_INPUT command. */
  command_total_chars: 8000,
  chat_input_commands: 100,
  user_commands: 5,
  message_commands: 5,
  /** Global only; a guild may hold none. */
  entry_point_commands: 1,
  /** Command creates per day, per scope. */
  daily_creates: 200,
  permission_overwrites: 100,
  webhook_name_max: 80,
  webhooks_per_channel: 15,
  webhooks_per_guild: 1000,
  message_content_max: 2000,
  embeds_per_message: 10,
  embed_total_chars: 6000,
  embed_title_max: 256,
  embed_description_max: 4096,
  embed_fields_max: 25,
  embed_field_name_max: 256,
  embed_field_value_max: 1024,
  embed_footer_text_max: 2048,
  embed_author_name_max: 256,
  /** Name of a thread a webhook creates in a forum or media channel. */
  thread_name_max: 100,
  /** Tags a forum or media thread may carry. */
  applied_tags_max: 5,
  /** Files (attachments) in one message. */
  files_per_message: 10,
  /** Bytes of all files of one webhook request (the service's default upload limit, 10 MiB). */
  upload_bytes_max: 10485760,
} as const;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = { readonly [K in LimitName]: number };

/**
 * Fixed sizes of the message format: not service quotas a manifest would
 * override, so they stay out of `DEFAULT_LIMITS` and its generated schema.
 */
export const MESSAGE_FORMAT = {
  /** Ids in `allowed_mentions.users` or `.roles`. */
  allowed_mention_ids_max: 100,
  /** An attachment's description and a file name's text. */
  attachment_text_max: 1024,
  /** Hours a poll stays open: 1 to 32 days' worth. */
  poll_hours_min: 1,
  poll_hours_max: 32 * 24,
} as const;

/**
 * Fixed numbers of a guild's moderation routes (bans, timeouts, members,
 * roles): the service's, not quotas a manifest would override.
 */
export const GUILD_FORMAT = {
  /** A ban's `delete_message_seconds`: at most 7 days of the user's messages. */
  ban_delete_seconds_max: 604_800,
  /** The older `delete_message_days`. */
  ban_delete_days_max: 7,
  /** How far ahead `communication_disabled_until` may be: 28 days. */
  timeout_max_ms: 28 * 24 * 60 * 60 * 1000,
  nick_max: 32,
  role_name_max: 100,
  /** The `X-Audit-Log-Reason` header, kept up to this many characters. */
  audit_reason_max: 512,
  /** GET /guilds/{id}/bans `limit`, and /members/search's. */
  bans_page: { default: 1000, min: 1, max: 1000 },
  member_search_page: { default: 1, min: 1, max: 1000 },
} as const;

/** Where the live service allows more than the spec says (facts §10): the spec's number stays the default (docs/deviations.md). */
export const LIVE_LIMITS: Readonly<Partial<Record<LimitName, number>>> = { user_commands: 15, message_commands: 15 };

/** INTEGER options range over -(2^53-1)..2^53-1; NUMBER options over -2^53..2^53. */
export const INTEGER_MIN = -Number.MAX_SAFE_INTEGER;
export const INTEGER_MAX = Number.MAX_SAFE_INTEGER;
export const NUMBER_MIN = -(2 ** 53);
export const NUMBER_MAX = 2 ** 53;

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as LimitName[];

/**
 * What is wrong with a set of limit overrides (a seed's `limits:`, the
 * emulator's `--limit KEY=N`), one sentence each, naming the key as written.
 * `resolveLimits` silently skips such entries; callers that take overrides
 * from a person check them here first.
 */
export function limitOverrideProblems(
  overrides: unknown,
  name: (key: string) => string = (key) => `limits.${key}`,
): string[] {
  if (overrides === undefined || overrides === null) return [];
  if (typeof overrides !== 'object' || Array.isArray(overrides))
    return ['limits must be a mapping of limit names to whole numbers'];
  const out: string[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_LIMITS))
      out.push(`${name(key)}: "${key}" is not a limit (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`);
    else if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      out.push(`${name(key)} must be a whole number ≥ 0, not ${JSON.stringify(value)}`);
  }
  return out;
}

export function resolveLimits(overrides?: Partial<Record<string, unknown>>): Limits {
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (key in DEFAULT_LIMITS && typeof value === 'number' && Number.isInteger(value) && value >= 0) {
      limits[key] = value;
    }
  }
  return limits as Limits;
}
