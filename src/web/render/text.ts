/**
 * Small text rules of the message renderer, pure (no DOM), so they are
 * tested under Node: which links may become anchors, how custom emoji and
 * timestamps read, how sizes are written, how an answer is headed.
 */
import { InteractionType } from '../../wire/interactions/payload.js';
import { SNOWFLAKE_DIGITS } from '../../wire/snowflake.js';

/** An http(s) URL as given, or undefined: no `javascript:`, `data:` or relative link from a bot becomes an anchor. */
export function safeHref(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

const CUSTOM_EMOJI = new RegExp(String.raw`<a?:(\w{1,32}):${SNOWFLAKE_DIGITS}>`, 'g');

/**
 * Custom emoji (`<:name:id>`, `<a:name:id>`) as `:name:`: the page loads no
 * emoji image (they live on the service's CDN).
 */
export function plainEmoji(text: string): string {
  return text.replace(CUSTOM_EMOJI, ':$1:');
}

/** `n` bytes as the client writes a file size. */
export function formatBytes(n: number): { value: number; unit: string } {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return { value: i === 0 ? v : Math.round(v * 100) / 100, unit: units[i]! };
}

/** A message timestamp as the client shows it beside the author: `11/24/2026 4:20 PM`. */
export function formatMessageTime(iso: unknown, locale = 'en-US'): string {
  const d = typeof iso === 'string' ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${d.toLocaleDateString(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })} ${d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;
}

/** `<t:unix:style>` as text, in the styles the client knows (facts: t T d D f F R); undefined for a bad time. */
export function formatDiscordTime(
  unix: string,
  style: string | undefined,
  now = Date.now(),
  locale = 'en-US',
): string | undefined {
  const seconds = Number(unix);
  if (!Number.isFinite(seconds)) return undefined;
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return undefined;
  switch (style) {
    case 't':
      return d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
    case 'T':
      return d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    case 'd':
      return d.toLocaleDateString(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
    case 'D':
      return d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    case 'F':
      return d.toLocaleString(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
    case 'R':
      return relative(seconds * 1000 - now, locale);
    default:
      return d.toLocaleString(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
  }
}

function relative(ms: number, locale: string): string {
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 24 * 3600e3],
    ['month', 30 * 24 * 3600e3],
    ['day', 24 * 3600e3],
    ['hour', 3600e3],
    ['minute', 60e3],
  ];
  for (const [unit, size] of steps) if (Math.abs(ms) >= size) return fmt.format(Math.round(ms / size), unit);
  return fmt.format(Math.round(ms / 1000), 'second');
}

/** An embed or accent colour (an integer) as CSS. */
export function cssColour(n: unknown): string | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffffff
    ? `#${n.toString(16).padStart(6, '0')}`
    : undefined;
}

/**
 * How the client heads an interaction's answer: "bob used /feedback" under a command's answer, or a form's that a
 * command opened; the answer to a component, or to a form a component opened, says what bob used, never a
 * custom_id as if it were a command. `metadataType` is the message's interaction_metadata.type.
 */
export function answerHeading(
  a: { username: string; command?: string },
  metadataType: unknown,
): { kind: 'command'; command: string } | { kind: 'used'; text: string } {
  if (a.command !== undefined) return { kind: 'command', command: a.command };
  return {
    kind: 'used',
    text: `${a.username} ${metadataType === InteractionType.MODAL_SUBMIT ? 'submitted a form' : 'used a component'}`,
  };
}
