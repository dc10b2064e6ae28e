/**
 * Reading what a gateway client sends, as pure functions: each answer is
 * either the parsed frame or the close code the service would end the
 * connection with.
 */
import { TRANSPORT_COMPRESSIONS, type TransportCompression } from './transport.js';
import {
  CLIENT_OPS,
  GATEWAY_CLOSE_REASONS,
  GATEWAY_VERSION,
  GatewayClose,
  KNOWN_INTENTS,
  LARGE_THRESHOLD,
} from '../../wire/gateway.js';
import { readJson } from '../../wire/json.js';
import type { Obj } from '../../wire/rules/values.js';

export interface Refusal {
  close: number;
  reason: string;
}

/** A close with the service's own reason for it (wire/gateway.ts). */
export function closeWith(close: keyof typeof GATEWAY_CLOSE_REASONS): Refusal {
  return { close, reason: GATEWAY_CLOSE_REASONS[close] };
}

export interface ClientFrame {
  op: number;
  d: unknown;
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeFrame(text: string): ClientFrame | Refusal {
  // The same reader as HTTP bodies: discord.py sends snowflakes (`guild_id`, `user_ids`) as JSON numbers.
  const read = readJson(text);
  if (!read.ok) return closeWith(GatewayClose.DECODE_ERROR);
  const value = read.value;
  if (!isObject(value) || typeof value.op !== 'number') return closeWith(GatewayClose.DECODE_ERROR);
  if (!CLIENT_OPS.has(value.op)) return closeWith(GatewayClose.UNKNOWN_OPCODE);
  return { op: value.op, d: value.d };
}

/** What the connection URL's query asks for, once checked. */
export interface QueryChoice {
  compress: TransportCompression | undefined;
}

/**
 * The connection URL's query: `v` must be the version the emulator speaks,
 * `encoding` json (ETF is not emulated: refused by name, not answered in
 * JSON), `compress` a transport compression the emulator serves.
 */
export function checkQuery(query: URLSearchParams): QueryChoice | Refusal {
  const v = query.get('v');
  if (v !== null && v !== String(GATEWAY_VERSION)) return closeWith(GatewayClose.INVALID_API_VERSION);
  const encoding = query.get('encoding');
  if (encoding !== null && encoding !== 'json')
    return {
      close: GatewayClose.DECODE_ERROR,
      reason: `The emulator speaks encoding=json only, not ${encoding.slice(0, 20)}.`,
    };
  const compress = query.get('compress');
  if (compress === null) return { compress: undefined };
  if ((TRANSPORT_COMPRESSIONS as readonly string[]).includes(compress))
    return { compress: compress as TransportCompression };
  return {
    close: GatewayClose.DECODE_ERROR,
    reason: `The emulator compresses with compress=zlib-stream only, not ${compress.slice(0, 20)}.`,
  };
}

export interface IdentifyData {
  token: string;
  intents: number;
  shard: [number, number];
  /** Members above which GUILD_CREATE lists only some (50-250; 50 when not given). */
  largeThreshold: number;
}

export function readIdentify(d: unknown): IdentifyData | Refusal {
  if (!isObject(d) || typeof d.token !== 'string') return closeWith(GatewayClose.DECODE_ERROR);
  const intents = d.intents;
  if (
    typeof intents !== 'number' ||
    !Number.isInteger(intents) ||
    intents < 0 ||
    (intents & ~KNOWN_INTENTS) !== 0 ||
    intents > KNOWN_INTENTS
  ) {
    return closeWith(GatewayClose.INVALID_INTENTS);
  }
  let shard: [number, number] = [0, 1];
  if (d.shard !== undefined) {
    const s = d.shard;
    if (
      !Array.isArray(s) ||
      s.length !== 2 ||
      !s.every((n) => Number.isInteger(n)) ||
      s[1] < 1 ||
      s[0] < 0 ||
      s[0] >= s[1]
    ) {
      return closeWith(GatewayClose.INVALID_SHARD);
    }
    shard = [s[0], s[1]];
  }
  const lt = d.large_threshold;
  const largeThreshold = Number.isInteger(lt)
    ? Math.min(LARGE_THRESHOLD.max, Math.max(LARGE_THRESHOLD.min, lt as number))
    : LARGE_THRESHOLD.default;
  return { token: d.token, intents, shard, largeThreshold };
}

export interface ResumeData {
  token: string;
  sessionId: string;
  seq: number;
}

export function readResume(d: unknown): ResumeData | Refusal {
  if (
    !isObject(d) ||
    typeof d.token !== 'string' ||
    typeof d.session_id !== 'string' ||
    !(typeof d.seq === 'number' && Number.isInteger(d.seq) && d.seq >= 0)
  ) {
    return closeWith(GatewayClose.DECODE_ERROR);
  }
  return { token: d.token, sessionId: d.session_id, seq: d.seq };
}

/** A token as sent in Identify/Resume: raw, or with the `Bot ` prefix some libraries keep. */
export function bareToken(token: string): string {
  return token.replace(/^Bot\s+/i, '');
}

export function isRefusal(v: object): v is Refusal {
  return 'close' in v;
}
