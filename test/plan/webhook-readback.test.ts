import { describe, expect, it } from 'vitest';
import { newcomers, resolveGroup, type CreateGroup } from '../../src/apply/webhook-readback.js';
import type { WebhookAction } from '../../src/plan/model.js';
import {
  AbortedError,
  DiscordAPIError,
  HTTPError,
  NetworkError,
  RateLimitError,
  TimeoutError,
  writeOutcomeUnknown,
} from '../../src/remote/errors.js';
import type { WebhookState } from '../../src/wire/state.js';

const APP = '1';
const hook = (id: string, over: Partial<WebhookState> = {}): WebhookState => ({
  id,
  type: 1,
  channelId: '10',
  name: 'Deploys',
  avatarHash: null,
  applicationId: APP,
  ...over,
});
const action: WebhookAction = {
  kind: 'create',
  address: 'webhook/d',
  key: 'd',
  channelId: '10',
  name: 'Deploys',
  changes: [],
};
const group = (over: Partial<CreateGroup>): CreateGroup => ({
  channelId: '10',
  name: 'Deploys',
  members: [{ action }],
  sent: 1,
  mayLand: 1,
  deadlines: [],
  uncertain: true,
  ...over,
});

describe("newcomers: what appeared at a create's channel and name while apply ran", () => {
  it("only this application's incoming webhooks of that name, not what the plan saw, oldest first", () => {
    const list = [
      hook('30'),
      hook('20'),
      hook('21', { name: 'Other' }),
      hook('22', { applicationId: '2' }),
      hook('23', { type: 2 }),
      hook('24', { channelId: '11' }),
      hook('5'),
    ];
    expect(newcomers(list, APP, { channelId: '10', name: 'Deploys' }, new Set(['5'])).map((w) => w.id)).toEqual([
      '20',
      '30',
    ]);
  });
});

describe('resolveGroup: what the read-back does with the newcomers', () => {
  it('keeps the webhook the member has, removes the one a lost create made beside it', () => {
    const r = resolveGroup(group({ members: [{ action, id: '20' }], sent: 2, mayLand: 2 }), [hook('20'), hook('30')]);
    expect(r).toEqual({ reserved: [], remove: [hook('30')] });
  });

  it('a member whose create never got an id keeps the oldest (its intent stays; the next plan adopts it)', () => {
    const r = resolveGroup(
      group({ sent: 2, mayLand: 2 }),
      [hook('30'), hook('20')].sort((a, b) => Number(a.id) - Number(b.id)),
    );
    expect(r).toEqual({ reserved: [hook('20')], remove: [hook('30')] });
  });

  it('never removes more than the creates this apply sent (the rest were not its own)', () => {
    const r = resolveGroup(group({ members: [{ action, id: '20' }], sent: 1, mayLand: 3 }), [
      hook('20'),
      hook('30'),
      hook('40'),
    ]);
    expect(r.remove).toEqual([hook('40')]);
  });

  it('nothing to do when every create is accounted for once', () => {
    expect(resolveGroup(group({ members: [{ action, id: '20' }] }), [hook('20')])).toEqual({
      reserved: [],
      remove: [],
    });
  });
});

describe('writeOutcomeUnknown: whether a failed write may have been carried out', () => {
  const info = { method: 'POST', url: 'http://x/channels/1/webhooks' };
  it('no answer, or a 5xx: unknown', () => {
    expect(writeOutcomeUnknown(new TimeoutError(info, 300, 1))).toBe(true);
    expect(writeOutcomeUnknown(new NetworkError(info, 1, 'ECONNRESET', 'socket hang up'))).toBe(true);
    expect(writeOutcomeUnknown(new AbortedError(info))).toBe(true);
    expect(writeOutcomeUnknown(new HTTPError(502, 'Bad Gateway', '', info))).toBe(true);
    expect(
      writeOutcomeUnknown(new DiscordAPIError(500, { code: 0, message: '500: Internal Server Error' }, info)),
    ).toBe(true);
  });

  it('an answer that refused it, or no connection at all: known, nothing written', () => {
    expect(
      writeOutcomeUnknown(
        new DiscordAPIError(400, { code: 30007, message: 'Maximum number of webhooks reached (15)' }, info),
      ),
    ).toBe(false);
    expect(writeOutcomeUnknown(new DiscordAPIError(403, { code: 50013, message: 'Missing Permissions' }, info))).toBe(
      false,
    );
    expect(writeOutcomeUnknown(new NetworkError(info, 1, 'ECONNREFUSED', 'connect ECONNREFUSED'))).toBe(false);
    expect(
      writeOutcomeUnknown(
        new RateLimitError(
          {
            ...info,
            route: 'POST /channels/:id/webhooks',
            retryAfterMs: 0,
            global: false,
            scope: undefined,
            reason: 'blocked',
          },
          'blocked',
        ),
      ),
    ).toBe(false);
  });
});
