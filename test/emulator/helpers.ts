import { request } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { APP, interactionSeed } from '../helpers/interaction-seed.js';
import { startHttpBot, type HttpBot } from '../helpers/http-bot.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

export interface CallOptions {
  /** `Bot x`, `Bearer y`, or a raw header value. */
  auth?: string;
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export async function call(em: RunningEmulator, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.auth) headers.authorization = opts.auth;
  let body: string | Buffer | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  if (opts.contentType) headers['content-type'] = opts.contentType;
  const res = await request(em.url + path, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: parsed, text };
}

/** An emulator with rate limits off unless asked, closed by the returned function. */
export async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ rateLimits: false, ...options });
}

export function bot(em: RunningEmulator): string {
  return `Bot ${em.credentials.botToken}`;
}

export function userBearer(em: RunningEmulator): string {
  return `Bearer ${em.credentials.bearerToken}`;
}

export const slash = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} command`,
  ...extra,
});

/** An emulator with the interaction seed whose application's endpoint is a real HTTP bot verifying signatures (test/helpers/http-bot.ts). */
export async function startWithHttpBot(options: EmulatorOptions = {}): Promise<{ em: RunningEmulator; bot: HttpBot }> {
  const em = await start({ seed: interactionSeed(), ...options });
  const bot = await startHttpBot({ publicKey: em.credentials.publicKey, apiBase: em.url });
  em.world.applications[APP]!.interactionsEndpointUrl = bot.url;
  return { em, bot };
}
