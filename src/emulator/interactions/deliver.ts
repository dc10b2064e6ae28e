/**
 * Sending an interaction to the application, as the service does: signed
 * POST to its interactions endpoint (the response body is the callback), or
 * INTERACTION_CREATE over the gateway (the app answers on the callback route).
 * Also the check the service makes when an endpoint URL is saved.
 */
import type { EventBus } from '../gateway/events.js';
import type { Application } from '../state/world.js';
import { EndpointPostError, postToEndpoint, type EndpointReply } from './endpoint-post.js';
import { signInteraction } from './keys.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import type { Obj } from '../../wire/rules/values.js';
import { MAX_JSON_BYTES, readJson } from '../../wire/json.js';

/**
 * The largest answer read from an endpoint: the service's own bound on a JSON
 * body, above any valid callback (2,000 characters of content, 6,000 of
 * embeds, 40 components). A larger answer is cut off as soon as it passes it.
 */
export const MAX_ANSWER_BYTES = MAX_JSON_BYTES;

export interface HttpAnswer {
  /** HTTP status of the endpoint's answer, or undefined when it never answered in time. */
  status?: number;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** Why it never answered, in words (`could not connect (…)`, `timed out`). */
  error?: string;
  /** It did not answer within the time allowed (as opposed to never being reached). */
  timedOut?: boolean;
  /** What it answered instead of a callback, in words: larger than any callback, or a 200 whose body is not a JSON object. */
  notCallback?: string;
}

function signedHeaders(app: Application, body: string, timestamp: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
    'X-Signature-Ed25519': signInteraction(app.privateKey ?? '', timestamp, body),
    'X-Signature-Timestamp': timestamp,
  };
}

/** What stopped a request from reaching the endpoint, in words: `refused the connection (ECONNREFUSED)`. */
function connectError(err: EndpointPostError): string {
  const { code } = err;
  if (code === 'ECONNREFUSED') return `refused the connection (${code})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `could not be found (${code})`;
  return `could not be reached (${code ?? err.message})`;
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<HttpAnswer> {
  let reply: EndpointReply;
  try {
    reply = await postToEndpoint(url, body, headers, timeoutMs, MAX_ANSWER_BYTES);
  } catch (err) {
    if (!(err instanceof EndpointPostError)) throw err;
    if (err.failure === 'too-large') {
      const said = `answered with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, larger than any callback`;
      return { error: said, notCallback: said };
    }
    return err.failure === 'timeout'
      ? { error: `did not answer within ${timeoutMs / 1000} s`, timedOut: true }
      : { error: connectError(err) };
  }
  if (reply.text === '') return { status: reply.status };
  // The reader of every JSON body: an inline answer is stored, so it must be storable like a request's body.
  const read = readJson(reply.text);
  const isObject = read.ok && typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value);
  if (reply.status === 200 && !isObject)
    return {
      status: reply.status,
      notCallback: `HTTP 200 ${reply.contentType ?? 'without a content type'}, ${read.ok ? 'JSON that is not an object' : 'not JSON'}`,
    };
  return { status: reply.status, body: read.ok ? read.value : undefined };
}

/** POSTs the signed interaction; resolves with the endpoint's answer within `timeoutMs`. */
export function deliverHttp(
  app: Application,
  payload: object,
  timeoutMs: number,
  nowSeconds: number,
): Promise<HttpAnswer> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(nowSeconds));
  return post(app.interactionsEndpointUrl ?? '', body, signedHeaders(app, body, timestamp), timeoutMs);
}

export function deliverGateway(events: EventBus, app: Application, payload: Obj): void {
  events.emit({
    applicationId: app.id,
    name: 'INTERACTION_CREATE',
    data: payload,
    ...(typeof payload.guild_id === 'string' ? { guildId: payload.guild_id } : {}),
  });
}

export interface EndpointCheck {
  url: string;
  ok: boolean;
  /** What failed, in words; empty when ok. */
  problems: string[];
  /** The endpoint answered the signed PING with some HTTP status (it is up, right or wrong). */
  answered: boolean;
}

/**
 * The service's check of a new endpoint URL: a signed PING must get
 * `{ "type": 1 }`, and a PING with a bad signature must get 401 (an endpoint
 * that accepts forged requests is refused).
 */
export async function checkEndpoint(app: Application, nowSeconds: number, timeoutMs = 3000): Promise<EndpointCheck> {
  const url = app.interactionsEndpointUrl ?? '';
  const problems: string[] = [];
  const ping = JSON.stringify({
    application_id: app.id,
    id: '0',
    token: 'ping',
    type: InteractionType.PING,
    user: { id: '0', username: 'discord' },
    version: 1,
  });
  const timestamp = String(Math.floor(nowSeconds));
  const good = await post(url, ping, signedHeaders(app, ping, timestamp), timeoutMs);
  const bodyType =
    typeof good.body === 'object' && good.body !== null ? (good.body as { type?: unknown }).type : undefined;
  // An endpoint that cannot be reached fails the same way for the forged PING: say it once.
  if (good.error) return { url, ok: false, problems: [`the endpoint ${good.error}`], answered: false };
  if (good.status !== 200 || bodyType !== CallbackType.PONG)
    problems.push(
      `a signed PING got ${[good.status, good.notCallback ?? JSON.stringify(good.body)].filter((x) => x !== undefined).join(' ')}; it must get 200 {"type":1}${good.status === 401 ? " (401: the bot's DISCORD_PUBLIC_KEY is not this emulator's public key)" : ''}`,
    );
  const forgedHeaders = signedHeaders(app, ping, timestamp);
  // Flip one bit of the signature: valid hex, wrong signature.
  const sig = forgedHeaders['X-Signature-Ed25519']!;
  forgedHeaders['X-Signature-Ed25519'] = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
  const forged = await post(url, ping, forgedHeaders, timeoutMs);
  if (forged.error) problems.push(`a PING with a bad signature: the endpoint ${forged.error}`);
  else if (forged.status !== 401)
    problems.push(
      `a PING with a bad signature got ${forged.status}; it must get 401 (the endpoint accepts forged requests)`,
    );
  return { url, ok: problems.length === 0, problems, answered: true };
}
