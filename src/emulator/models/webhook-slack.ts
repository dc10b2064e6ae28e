/**
 * A chat-service ("Slack-format") incoming-webhook body as an execute body:
 * `text` → content, `username`/`icon_url` → author overrides, each legacy
 * attachment → an embed. `channel`, `icon_emoji`, `mrkdwn` and `mrkdwn_in`
 * are not supported by the service and are ignored.
 */
import { isObject, type Obj } from '../../wire/rules/values.js';

/** The chat service's named colours. */
const NAMED_COLORS: Record<string, number> = { good: 0x2eb886, warning: 0xdaa038, danger: 0xa30200 };

function color(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (value in NAMED_COLORS) return NAMED_COLORS[value];
  const m = /^#?([0-9a-f]{6})$/i.exec(value);
  return m ? parseInt(m[1]!, 16) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function attachmentToEmbed(a: Obj): Obj {
  const e: Obj = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) e[k] = v;
  };
  put('title', str(a.title));
  put('url', str(a.title_link));
  put('description', str(a.text) ?? str(a.fallback));
  put('color', color(a.color));
  if (str(a.author_name))
    put('author', {
      name: a.author_name,
      ...(str(a.author_link) ? { url: a.author_link } : {}),
      ...(str(a.author_icon) ? { icon_url: a.author_icon } : {}),
    });
  if (Array.isArray(a.fields)) {
    put(
      'fields',
      a.fields
        .filter(isObject)
        .map((f) => ({ name: str(f.title) ?? '\u200b', value: str(f.value) ?? '\u200b', inline: f.short === true })),
    );
  }
  if (str(a.image_url)) put('image', { url: a.image_url });
  if (str(a.thumb_url)) put('thumbnail', { url: a.thumb_url });
  if (str(a.footer)) put('footer', { text: a.footer, ...(str(a.footer_icon) ? { icon_url: a.footer_icon } : {}) });
  if (typeof a.ts === 'number' || (typeof a.ts === 'string' && /^\d+(\.\d+)?$/.test(a.ts))) {
    // A time outside the Date range is no timestamp at all: ignored like the other unusable fields.
    const when = new Date(Number(a.ts) * 1000);
    if (!Number.isNaN(when.getTime())) put('timestamp', when.toISOString());
  }
  return e;
}

export function slackToExecuteBody(input: unknown): Obj {
  if (!isObject(input)) return {};
  const out: Obj = {};
  const pretexts = Array.isArray(input.attachments)
    ? input.attachments
        .filter(isObject)
        .map((a) => str(a.pretext))
        .filter((p) => p !== undefined)
    : [];
  const content = [str(input.text), ...pretexts].filter((t) => t !== undefined).join('\n');
  if (content !== '') out.content = content;
  if (str(input.username)) out.username = input.username;
  if (str(input.icon_url)) out.avatar_url = input.icon_url;
  if (Array.isArray(input.attachments)) {
    const embeds = input.attachments
      .filter(isObject)
      .map(attachmentToEmbed)
      .filter((e) => Object.keys(e).length > 0);
    if (embeds.length > 0) out.embeds = embeds;
  }
  return out;
}
