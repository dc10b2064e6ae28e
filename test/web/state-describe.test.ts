/** The State view's wording: what a log line, a fault rule and a session's intents say. */
import { describe, expect, test } from 'vitest';
import type { DeliveryOutcome } from '../../src/wire/interactions/delivery.js';
import {
  countdown,
  describeEntry,
  faultAction,
  faultMatch,
  intentNames,
  scopeName,
} from '../../src/web/state/describe.js';

describe('state view wording', () => {
  test('a refused request says what refused it; a dropped one says dropped', () => {
    const refused = describeEntry({
      seq: 3,
      at: 0,
      kind: 'request',
      method: 'POST',
      route: '/applications/:applicationId/commands',
      status: 429,
      refusedBy: 'rate-limit',
    });
    expect(refused).toEqual({
      kind: 'request',
      text: 'POST /applications/:applicationId/commands → 429',
      refusedBy: 'rate-limit',
      failed: true,
    });
    const dropped = describeEntry({
      seq: 4,
      at: 0,
      kind: 'request',
      method: 'GET',
      route: '/gateway',
      status: 0,
      refusedBy: 'fault',
    });
    expect(dropped.text).toBe('GET /gateway → dropped');
    const ok = describeEntry({
      seq: 5,
      at: 0,
      kind: 'request',
      method: 'GET',
      route: '/gateway',
      status: 200,
      bucket: 'abcdef0123456789',
    });
    expect(ok).toEqual({ kind: 'request', text: 'GET /gateway → 200', detail: 'bucket abcdef01', failed: false });
    const invalid = describeEntry({
      seq: 6,
      at: 0,
      kind: 'request',
      method: 'POST',
      route: '/x',
      status: 400,
      code: 50035,
    });
    expect(invalid).toMatchObject({ detail: 'code 50035', failed: true });
    expect(invalid.refusedBy).toBeUndefined();
  });

  test('messages name their channel from the world, deliveries their outcome', () => {
    const world = {
      serial: 1,
      defaultApplicationId: '1',
      defaultGuildId: '2',
      locales: [],
      applications: [{ id: '1', name: 'Bot', botUserId: '9', delivery: 'gateway' as const }],
      guilds: [
        { id: '2', name: 'G', roles: [], members: [], apps: [], channels: [{ id: '7', name: 'general', type: 0 }] },
      ],
    };
    expect(
      describeEntry(
        { seq: 1, at: 0, kind: 'message', action: 'create', channelId: '7', messageId: '8', source: 'webhook' },
        world,
      ).text,
    ).toBe('create in #general');
    const answer = (interaction: {
      id: string;
      name: string;
      userId: string;
      applicationId: string;
      command?: string;
    }) =>
      describeEntry(
        {
          seq: 3,
          at: 0,
          kind: 'message',
          action: 'create',
          channelId: '7',
          messageId: '9',
          source: 'interaction',
          interaction,
        },
        world,
      ).detail;
    expect(answer({ id: 'i', name: 'ping', userId: 'u', applicationId: '1', command: 'ping' })).toBe(
      'answer to /ping · message 9',
    );
    expect(answer({ id: 'j', name: 'feedback:modal', userId: 'u', applicationId: '1' })).toBe(
      'answer to a component or form · message 9',
    );
    expect(
      describeEntry(
        {
          seq: 2,
          at: 0,
          kind: 'delivery',
          applicationId: '1',
          transport: 'http',
          outcome: { kind: 'endpoint-error', status: 500 },
          commandName: 'ping',
        },
        world,
      ),
    ).toEqual({
      kind: 'delivery',
      text: '/ping over http: no answer: the endpoint answered HTTP 500',
      detail: 'to Bot',
      failed: true,
    });
    expect(scopeName('2', world)).toBe('G');
    expect(scopeName('global', world)).toBe('global');
  });

  test('a delivery is failed only when nothing was answered: an answer of any callback type and a launch by the service are successes', () => {
    const entry = (outcome: DeliveryOutcome) =>
      describeEntry({
        seq: 1,
        at: 0,
        kind: 'delivery',
        applicationId: '1',
        transport: 'gateway',
        outcome,
        commandName: 'go',
      });
    // The emulator notes an answer with its callback type; it was once read as a failure.
    expect(entry({ kind: 'answered', callbackType: 4 })).toMatchObject({
      text: '/go over gateway: answered (callback type 4)',
      failed: false,
    });
    expect(entry({ kind: 'answered', callbackType: 5 }).failed).toBe(false);
    expect(entry({ kind: 'launched' }).failed).toBe(false);
    for (const o of [
      { kind: 'no-session' },
      { kind: 'signature-rejected' },
      { kind: 'no-callback' },
      { kind: 'refused', message: 'no' },
    ] as DeliveryOutcome[])
      expect(entry(o).failed).toBe(true);
    expect(entry({ kind: 'no-session' }).text).toBe('/go over gateway: no answer: no gateway session connected');
  });

  test('fault rules read as what they do and match', () => {
    expect(faultAction({ kind: 'error', matched: 0, injected: 0 })).toBe('error 500');
    expect(faultAction({ kind: 'rate-limit', retryAfter: 2, matched: 0, injected: 0 })).toBe('429, retry after 2 s');
    expect(faultMatch({ kind: 'drop', method: 'POST', nth: [1, 3], probability: 0.5, matched: 0, injected: 0 })).toBe(
      'POST any path (request no. 1, 3, 50% chance)',
    );
    expect(faultMatch({ kind: 'slow', matched: 0, injected: 0 })).toBe('any method any path');
  });

  test('intents by name, countdowns never negative', () => {
    expect(intentNames((1 << 0) | (1 << 5))).toBe('GUILDS, GUILD_WEBHOOKS');
    expect(intentNames(0)).toBe('none');
    expect(countdown(-5)).toBe('0.0 s');
    expect(countdown(1234)).toBe('1.2 s');
  });
});
