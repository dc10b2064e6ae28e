import { closest } from '../suggest.js';
import type { Limits } from '../limits.js';
import { textLength } from '../naming.js';
import { ApiErrors, problem, type Path, type Problem } from '../problem.js';
import { checkBoolean, describeValue, has, isObject, type Obj } from './values.js';

/**
 * Embeds of a webhook message (facts §5.5). Lengths are inclusive and counted
 * after trimming, as the service counts them; the 6000 total spans every
 * embed of the message. Paths are relative to the embeds list, so callers
 * prefix `embeds`.
 */

export const EmbedErrors = {
  tooLarge: (max: number) => ({
    code: 'MAX_EMBED_SIZE_EXCEEDED',
    message: `Embed size exceeds maximum size of ${max}`,
  }),
} as const;

/** Fields the service overwrites or computes itself: set by a client, they are dropped. */
const IGNORED_MEDIA_KEYS = ['height', 'width', 'proxy_url'] as const;
const MEDIA_KEYS = ['image', 'thumbnail'] as const;

function trimmedLength(value: unknown): number {
  return typeof value === 'string' ? textLength(value.trim()) : 0;
}

/** The characters that count toward the message's embed total. */
export function embedSize(embeds: readonly unknown[]): number {
  let total = 0;
  for (const e of embeds) {
    if (!isObject(e)) continue;
    total += trimmedLength(e.title) + trimmedLength(e.description);
    if (isObject(e.footer)) total += trimmedLength(e.footer.text);
    if (isObject(e.author)) total += trimmedLength(e.author.name);
    if (Array.isArray(e.fields))
      for (const f of e.fields) if (isObject(f)) total += trimmedLength(f.name) + trimmedLength(f.value);
  }
  return total;
}

function checkMaxText(out: Problem[], value: unknown, path: Path, label: string, max: number, required: boolean): void {
  if (value === undefined || value === null || (required && typeof value === 'string' && value.trim() === '')) {
    if (required) out.push(problem('embed-field-required', path, `${label} is required.`, ApiErrors.required()));
    return;
  }
  if (typeof value !== 'string') {
    out.push(
      problem('embed-type', path, `${label} must be a string, not ${describeValue(value)}.`, ApiErrors.string()),
    );
    return;
  }
  const len = trimmedLength(value);
  if (len > max)
    out.push(
      problem(
        'embed-length',
        path,
        `${label} must be at most ${max} characters (it has ${len}).`,
        ApiErrors.maxLength(max),
      ),
    );
}

function checkSubObject(out: Problem[], value: unknown, path: Path, label: string): value is Obj {
  if (value === undefined || value === null) return false;
  if (!isObject(value)) {
    out.push(
      problem('embed-type', path, `${label} must be a mapping, not ${describeValue(value)}.`, ApiErrors.object()),
    );
    return false;
  }
  return true;
}

function ignored(out: Problem[], path: Path, what: string): void {
  out.push({
    rule: 'embed-ignored-field',
    severity: 'warning',
    path,
    message: `${what} is set by the service; the value sent is dropped.`,
  });
}

function validateEmbed(out: Problem[], e: unknown, i: number, limits: Limits): void {
  if (!isObject(e)) {
    out.push(problem('embed-type', [i], `An embed must be a mapping, not ${describeValue(e)}.`, ApiErrors.object()));
    return;
  }
  checkMaxText(out, e.title, [i, 'title'], 'Embed title', limits.embed_title_max, false);
  checkMaxText(out, e.description, [i, 'description'], 'Embed description', limits.embed_description_max, false);
  for (const key of ['url', 'timestamp'] as const) {
    if (has(e, key) && e[key] !== null && typeof e[key] !== 'string') {
      out.push(
        problem(
          'embed-type',
          [i, key],
          `Embed ${key} must be a string, not ${describeValue(e[key])}.`,
          ApiErrors.string(),
        ),
      );
    }
  }
  if (has(e, 'color') && e.color !== null) {
    if (typeof e.color !== 'number' || !Number.isInteger(e.color)) {
      out.push(
        problem(
          'embed-type',
          [i, 'color'],
          `Embed color must be an integer, not ${describeValue(e.color)}.`,
          ApiErrors.integer(e.color),
        ),
      );
    } else if (e.color < 0) {
      out.push(problem('embed-color', [i, 'color'], 'Embed color must be 0 or more.', ApiErrors.numberMin(0)));
    } else if (e.color > 0xffffff) {
      out.push(
        problem(
          'embed-color',
          [i, 'color'],
          `Embed color must be at most ${0xffffff} (0xFFFFFF).`,
          ApiErrors.numberMax(0xffffff),
        ),
      );
    }
  }
  if (checkSubObject(out, e.footer, [i, 'footer'], 'Embed footer')) {
    checkMaxText(out, e.footer.text, [i, 'footer', 'text'], 'Embed footer text', limits.embed_footer_text_max, true);
  }
  if (checkSubObject(out, e.author, [i, 'author'], 'Embed author')) {
    checkMaxText(out, e.author.name, [i, 'author', 'name'], 'Embed author name', limits.embed_author_name_max, true);
  }
  for (const key of MEDIA_KEYS) {
    const media = e[key];
    if (!checkSubObject(out, media, [i, key], `Embed ${key}`)) continue;
    if (typeof media.url !== 'string')
      out.push(problem('embed-field-required', [i, key, 'url'], `Embed ${key} needs a url.`, ApiErrors.required()));
    for (const k of IGNORED_MEDIA_KEYS) if (has(media, k)) ignored(out, [i, key, k], `Embed ${key} ${k}`);
  }
  if (has(e, 'type') && e.type !== 'rich') ignored(out, [i, 'type'], `Embed type (always "rich" for webhooks)`);
  if (has(e, 'provider')) ignored(out, [i, 'provider'], 'Embed provider');
  if (has(e, 'video')) ignored(out, [i, 'video'], 'Embed video');

  if (e.fields === undefined || e.fields === null) return;
  if (!Array.isArray(e.fields)) {
    out.push(
      problem(
        'embed-type',
        [i, 'fields'],
        `Embed fields must be a list, not ${describeValue(e.fields)}.`,
        ApiErrors.array(),
      ),
    );
    return;
  }
  if (e.fields.length > limits.embed_fields_max) {
    out.push(
      problem(
        'embed-fields-count',
        [i, 'fields'],
        `An embed holds at most ${limits.embed_fields_max} fields (it has ${e.fields.length}).`,
        ApiErrors.maxLength(limits.embed_fields_max),
      ),
    );
  }
  e.fields.forEach((f, j) => {
    if (!isObject(f)) {
      out.push(
        problem(
          'embed-type',
          [i, 'fields', j],
          `An embed field must be a mapping, not ${describeValue(f)}.`,
          ApiErrors.object(),
        ),
      );
      return;
    }
    checkMaxText(out, f.name, [i, 'fields', j, 'name'], 'Embed field name', limits.embed_field_name_max, true);
    checkMaxText(out, f.value, [i, 'fields', j, 'value'], 'Embed field value', limits.embed_field_value_max, true);
    checkBoolean(out, f.inline, [i, 'fields', j, 'inline'], 'embed-type', 'Embed field inline');
  });
}

/** Every embed rule; `embeds` is the message's `embeds` value (null/undefined: nothing to check). */
export function validateEmbeds(embeds: unknown, limits: Limits): Problem[] {
  const out: Problem[] = [];
  if (embeds === undefined || embeds === null) return out;
  if (!Array.isArray(embeds)) {
    out.push(problem('embed-type', [], `Embeds must be a list, not ${describeValue(embeds)}.`, ApiErrors.array()));
    return out;
  }
  if (embeds.length > limits.embeds_per_message) {
    out.push(
      problem(
        'embeds-count',
        [],
        `A message holds at most ${limits.embeds_per_message} embeds (it has ${embeds.length}).`,
        ApiErrors.maxLength(limits.embeds_per_message),
      ),
    );
  }
  embeds.forEach((e, i) => {
    validateEmbed(out, e, i, limits);
  });
  const size = embedSize(embeds);
  if (size > limits.embed_total_chars) {
    out.push(
      problem(
        'embed-total-size',
        [],
        `The embeds of one message may hold ${limits.embed_total_chars} characters in total (titles, descriptions, field names and values, footers, authors); these hold ${size}.`,
        EmbedErrors.tooLarge(limits.embed_total_chars),
      ),
    );
  }
  return out;
}

/**
 * What the service keeps of each part of an embed sent by a webhook: every
 * other key (unknown ones, and those it sets itself: `provider`, `video`,
 * media `height`/`width`/`proxy_url`) is dropped, not stored as sent.
 */
const KEPT_EMBED_KEYS = ['title', 'description', 'url', 'timestamp', 'color'] as const;
const KEPT_PART_KEYS: Record<string, readonly string[]> = {
  footer: ['text', 'icon_url'],
  image: ['url'],
  thumbnail: ['url'],
  author: ['name', 'url', 'icon_url'],
};
const KEPT_FIELD_KEYS = ['name', 'value', 'inline'] as const;

function kept(source: Obj, keys: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of keys)
    if (has(source, key) && source[key] !== null && source[key] !== undefined) out[key] = source[key];
  return out;
}

/** The embed the service stores: known fields only, type forced to rich. */
export function sanitizeEmbed(embed: Obj): Obj {
  const out: Obj = { type: 'rich', ...kept(embed, KEPT_EMBED_KEYS) };
  for (const [part, keys] of Object.entries(KEPT_PART_KEYS)) {
    const value = embed[part];
    if (isObject(value) && has(embed, part)) out[part] = kept(value, keys);
  }
  if (Array.isArray(embed.fields)) out.fields = embed.fields.filter(isObject).map((f) => kept(f, KEPT_FIELD_KEYS));
  return out;
}

/** Every key an embed may be sent with, per part (docs: Embed Object); the service drops others silently. */
const SENDABLE_EMBED_KEYS = [
  'title',
  'type',
  'description',
  'url',
  'timestamp',
  'color',
  'footer',
  'image',
  'thumbnail',
  'video',
  'provider',
  'author',
  'fields',
];
const SENDABLE_PART_KEYS: Record<string, readonly string[]> = {
  footer: ['text', 'icon_url', 'proxy_icon_url'],
  image: ['url', 'proxy_url', 'height', 'width'],
  thumbnail: ['url', 'proxy_url', 'height', 'width'],
  video: ['url', 'proxy_url', 'height', 'width'],
  provider: ['name', 'url'],
  author: ['name', 'url', 'icon_url', 'proxy_icon_url'],
};
const SENDABLE_FIELD_KEYS = ['name', 'value', 'inline'];

/**
 * Keys the service would drop without a word: a typo (`titel`) loses the
 * title. Not a rule of the service (it accepts them), so the emulator does
 * not refuse them; the CLI checks a message with it before sending.
 */
export function unknownEmbedKeys(embeds: unknown, base: Path = ['embeds']): Problem[] {
  const out: Problem[] = [];
  const check = (value: unknown, known: readonly string[], path: Path): void => {
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const hint = closest(key, known);
      out.push({
        rule: 'embed-unknown-key',
        severity: 'error',
        path: [...path, key],
        message: `Unknown embed key "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}; the service would drop it.`,
      });
    }
  };
  if (!Array.isArray(embeds)) return out;
  embeds.forEach((e, i) => {
    check(e, SENDABLE_EMBED_KEYS, [...base, i]);
    if (!isObject(e)) return;
    for (const [part, keys] of Object.entries(SENDABLE_PART_KEYS)) check(e[part], keys, [...base, i, part]);
    if (Array.isArray(e.fields))
      e.fields.forEach((f, j) => {
        check(f, SENDABLE_FIELD_KEYS, [...base, i, 'fields', j]);
      });
  });
  return out;
}
