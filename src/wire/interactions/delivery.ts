/**
 * What came of delivering an invocation to an application, as one typed
 * value: the emulator decides it once, and the event log, `cmdsync invoke`
 * and the web view read it (never a string compared in two places). Pure.
 */
import { FIRST_ANSWER_MS } from './callback.js';

/** Why the user saw "The application did not respond". */
export type NoResponse =
  /** Gateway delivery, and no session of the application is connected to receive INTERACTION_CREATE. */
  | { kind: 'no-session' }
  /** The endpoint refused the signature (401): the bot verifies with another public key. */
  | { kind: 'signature-rejected' }
  /** The endpoint could not be reached at all (connection refused, unknown host). */
  | { kind: 'endpoint-unreachable'; error: string }
  /** The endpoint answered an HTTP error status. */
  | { kind: 'endpoint-error'; status: number }
  /** The endpoint answered with something that is not a callback at all (`what`: a 200 that is not a JSON object, or an answer larger than any callback). */
  | { kind: 'not-a-callback'; what: string }
  /** The endpoint answered 200 with a body that is not a callback the service accepts. */
  | { kind: 'bad-callback'; message: string }
  /** The endpoint did not answer the POST within the 3 s. */
  | { kind: 'endpoint-timeout' }
  /** Delivered (an attached session, or the endpoint's 202/204), but no callback came within the 3 s. */
  | { kind: 'no-callback' };

export type DeliveryOutcome =
  | { kind: 'answered'; callbackType: number }
  /** An entry point with handler 2: the service launched the Activity itself; nothing is delivered. */
  | { kind: 'launched' }
  /** The service refused the invocation before building an interaction. */
  | { kind: 'refused'; message: string }
  | NoResponse;

/** Answered, or launched by the service: what the user wanted happened. */
export function deliverySucceeded(o: DeliveryOutcome): boolean {
  return o.kind === 'answered' || o.kind === 'launched';
}

/** One line for the event log: `answered (callback type 4)`, `no answer: no gateway session connected`. */
export function deliveryLine(o: DeliveryOutcome): string {
  switch (o.kind) {
    case 'answered':
      return `answered (callback type ${o.callbackType})`;
    case 'launched':
      return 'Activity launched by the service';
    case 'refused':
      return `refused: ${o.message}`;
    case 'no-session':
      return 'no answer: no gateway session connected';
    case 'signature-rejected':
      return 'no answer: the endpoint refused the signature (401)';
    case 'endpoint-unreachable':
      return `no answer: the endpoint ${o.error}`;
    case 'endpoint-error':
      return `no answer: the endpoint answered HTTP ${o.status}`;
    case 'not-a-callback':
      return `no answer: the endpoint answered with something that is not a callback (${o.what})`;
    case 'bad-callback':
      return `no answer: the endpoint's callback was refused (${o.message})`;
    case 'endpoint-timeout':
      return `no answer: the endpoint did not answer within ${FIRST_ANSWER_MS / 1000} s`;
    case 'no-callback':
      return `no answer within ${FIRST_ANSWER_MS / 1000} s`;
  }
}

/** Why the application did not respond, and what to do about it, in a sentence or two. */
export function noResponseReason(o: NoResponse): string {
  switch (o.kind) {
    case 'no-session':
      return "no gateway session of this application is connected, so nobody received the interaction. Start the bot with the emulator's DISCORD_TOKEN and its REST base (CMDSYNC_API_URL without /v10: the bot finds the gateway through GET /gateway/bot), or give the application an interactions endpoint URL (--interactions-url).";
    case 'signature-rejected':
      return "the endpoint answered 401: it could not verify the signature. Set the bot's DISCORD_PUBLIC_KEY to the public key this emulator printed (each emulator run without --data has a new key pair).";
    case 'endpoint-unreachable':
      return `the interactions endpoint ${o.error}: is the bot running and listening there?`;
    case 'endpoint-error':
      return `the interactions endpoint answered HTTP ${o.status}${o.status >= 500 ? ' (the bot failed; see its log)' : ''} instead of a callback.`;
    case 'not-a-callback':
      return `the interactions endpoint answered with something that is not a callback (${o.what}): a 200 answer's body must be a callback, a JSON object such as {"type":4,"data":{"content":"…"}}.`;
    case 'bad-callback':
      return `the endpoint answered 200 with a callback the service refuses: ${o.message}`;
    case 'endpoint-timeout':
      return `the interactions endpoint did not answer within ${FIRST_ANSWER_MS / 1000} s.`;
    case 'no-callback':
      return `no callback arrived within ${FIRST_ANSWER_MS / 1000} s (the first answer must come within ${FIRST_ANSWER_MS / 1000} s; defer with callback type 5 for slow work).`;
  }
}
