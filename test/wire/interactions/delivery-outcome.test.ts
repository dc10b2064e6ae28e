import { describe, expect, it } from 'vitest';
import {
  type DeliveryOutcome,
  deliveryLine,
  deliverySucceeded,
  type NoResponse,
  noResponseReason,
} from '../../../src/wire/interactions/delivery.js';

const noResponses: NoResponse[] = [
  { kind: 'no-session' },
  { kind: 'signature-rejected' },
  { kind: 'endpoint-unreachable', error: 'refused the connection (ECONNREFUSED)' },
  { kind: 'endpoint-error', status: 500 },
  { kind: 'not-a-callback', what: 'a text/html body' },
  { kind: 'bad-callback', message: 'callback type 9 does not fit' },
  { kind: 'endpoint-timeout' },
  { kind: 'no-callback' },
];

describe('what came of a delivery', () => {
  it('succeeded: answered, or launched by the service; never refused nor unanswered', () => {
    expect(deliverySucceeded({ kind: 'answered', callbackType: 4 })).toBe(true);
    expect(deliverySucceeded({ kind: 'launched' })).toBe(true);
    expect(deliverySucceeded({ kind: 'refused', message: 'x' })).toBe(false);
    for (const o of noResponses) expect(deliverySucceeded(o)).toBe(false);
  });

  it('one line for the event log per outcome (the 3 s first-answer window in seconds)', () => {
    const lines = (
      [
        { kind: 'answered', callbackType: 5 },
        { kind: 'launched' },
        { kind: 'refused', message: 'This command is outdated' },
        ...noResponses,
      ] as DeliveryOutcome[]
    ).map(deliveryLine);
    expect(lines).toEqual([
      'answered (callback type 5)',
      'Activity launched by the service',
      'refused: This command is outdated',
      'no answer: no gateway session connected',
      'no answer: the endpoint refused the signature (401)',
      'no answer: the endpoint refused the connection (ECONNREFUSED)',
      'no answer: the endpoint answered HTTP 500',
      'no answer: the endpoint answered with something that is not a callback (a text/html body)',
      "no answer: the endpoint's callback was refused (callback type 9 does not fit)",
      'no answer: the endpoint did not answer within 3 s',
      'no answer within 3 s',
    ]);
  });

  it('why the application did not respond, and what to do', () => {
    const [session, signature, unreachable, , notCallback, bad, timeout, none] = noResponses.map(noResponseReason);
    expect(session).toBe(
      "no gateway session of this application is connected, so nobody received the interaction. Start the bot with the emulator's DISCORD_TOKEN and its REST base (CMDSYNC_API_URL without /v10: the bot finds the gateway through GET /gateway/bot), or give the application an interactions endpoint URL (--interactions-url).",
    );
    expect(signature).toBe(
      "the endpoint answered 401: it could not verify the signature. Set the bot's DISCORD_PUBLIC_KEY to the public key this emulator printed (each emulator run without --data has a new key pair).",
    );
    expect(unreachable).toBe(
      'the interactions endpoint refused the connection (ECONNREFUSED): is the bot running and listening there?',
    );
    expect(notCallback).toBe(
      'the interactions endpoint answered with something that is not a callback (a text/html body): a 200 answer\'s body must be a callback, a JSON object such as {"type":4,"data":{"content":"…"}}.',
    );
    expect(bad).toBe('the endpoint answered 200 with a callback the service refuses: callback type 9 does not fit');
    expect(timeout).toBe('the interactions endpoint did not answer within 3 s.');
    expect(none).toBe(
      'no callback arrived within 3 s (the first answer must come within 3 s; defer with callback type 5 for slow work).',
    );
  });

  it('an HTTP error from 500 up blames the bot; below 500 it does not', () => {
    const reason = (status: number) => noResponseReason({ kind: 'endpoint-error', status });
    expect(reason(500)).toBe(
      'the interactions endpoint answered HTTP 500 (the bot failed; see its log) instead of a callback.',
    );
    expect(reason(503)).toBe(
      'the interactions endpoint answered HTTP 503 (the bot failed; see its log) instead of a callback.',
    );
    expect(reason(499)).toBe('the interactions endpoint answered HTTP 499 instead of a callback.');
    expect(reason(404)).toBe('the interactions endpoint answered HTTP 404 instead of a callback.');
  });
});
