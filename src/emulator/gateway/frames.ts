/**
 * Reading what a gateway client sends, as pure functions: each answer is
 * either the parsed frame or the close code the service would end the
 * connection with.
 */
import { CLIENT_OPS, GATEWAY_VERSION, GatewayClose, KNOWN_INTENTS } from '../../wire/gateway.js';

export interface Refusal {
  close: number;
  reason: string;
}

export interface ClientFrame {
  op: number;
  d: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeFrame(text: string): ClientFrame | Refusal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { close: GatewayClose.DECODE_ERROR, reason: 'Error while decoding payload.' };
  }
  if (!isObject(value) || typeof value.op !== 'number') return { close: GatewayClose.DECODE_ERROR, reason: 'Error while decoding payload.' };
  if (!CLIENT_OPS.has(value.op)) return { close: GatewayClose.UNKNOWN_OPCODE, reason: 'Unknown opcode.' };
  return { op: value.op, d: value.d };
}

/** The connection URL's query: `v` must be the version the emulator speaks, `encoding` json. */
export function checkQuery(query: URLSearchParams): Refusal | undefined {
  const v = query.get('v');
  if (v !== null && v !== String(GATEWAY_VERSION)) return { close: GatewayClose.INVALID_API_VERSION, reason: 'Invalid API version provided.' };
  const encoding = query.get('encoding');
  if (encoding !== null && encoding !== 'json') return { close: GatewayClose.DECODE_ERROR, reason: `The emulator speaks encoding=json only, not ${encoding}.` };
  if (query.has('compress')) return { close: GatewayClose.DECODE_ERROR, reason: 'The emulator does not compress the transport (compress=zlib-stream).' };
  return undefined;
}

export interface IdentifyData {
  token: string;
  intents: number;
  shard: [number, number];
}

export function readIdentify(d: unknown): IdentifyData | Refusal {
  if (!isObject(d) || typeof d.token !== 'string') return { close: GatewayClose.DECODE_ERROR, reason: 'Error while decoding payload.' };
  const intents = d.intents;
  if (typeof intents !== 'number' || !Number.isInteger(intents) || intents < 0 || (intents & ~KNOWN_INTENTS) !== 0 || intents > KNOWN_INTENTS) {
    return { close: GatewayClose.INVALID_INTENTS, reason: 'Invalid intent(s).' };
  }
  let shard: [number, number] = [0, 1];
  if (d.shard !== undefined) {
    const s = d.shard;
    if (!Array.isArray(s) || s.length !== 2 || !s.every((n) => Number.isInteger(n)) || s[1] < 1 || s[0] < 0 || s[0] >= s[1]) {
      return { close: GatewayClose.INVALID_SHARD, reason: 'Invalid shard.' };
    }
    shard = [s[0], s[1]];
  }
  return { token: d.token, intents, shard };
}

export interface ResumeData {
  token: string;
  sessionId: string;
  seq: number;
}

export function readResume(d: unknown): ResumeData | Refusal {
  if (!isObject(d) || typeof d.token !== 'string' || typeof d.session_id !== 'string' || !(typeof d.seq === 'number' && Number.isInteger(d.seq) && d.seq >= 0)) {
    return { close: GatewayClose.DECODE_ERROR, reason: 'Error while decoding payload.' };
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
