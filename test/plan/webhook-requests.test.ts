import { describe, expect, it } from 'vitest';
import { pairWebhookRequests } from '../../src/apply/webhook-requests.js';
import type { WebhookAction, WebhookPlan } from '../../src/plan/model.js';
import { planWebhooks } from '../../src/plan/webhooks.js';

const APP = '1';
const hook = (id: string, name: string) => ({
  id,
  type: 1,
  channelId: '10',
  name,
  avatarHash: null,
  applicationId: APP,
});

describe('webhook requests paired with their actions', () => {
  it('two webhooks of one name in a declared channel: two deletes, each request naming its own webhook by id', () => {
    const wp = planWebhooks(
      { channels: ['10'], keep: [], webhooks: [] },
      [hook('21', 'Twin'), hook('22', 'Twin')],
      {},
      APP,
    );
    expect(wp.requests.map((r) => [r.method, r.id])).toEqual([
      ['DELETE', '21'],
      ['DELETE', '22'],
    ]);
    expect(pairWebhookRequests(wp).map((p) => p.action.remote!.id)).toEqual(['21', '22']);
  });

  it('a plan saved before requests named ids (1.2): each request takes the next action of its address and kind', () => {
    const wp = planWebhooks(
      {
        channels: ['10'],
        keep: [],
        webhooks: [{ channelId: '10', name: 'Alerts', avatar: { source: 'a.png', sha256: 'ab' } }],
      },
      [hook('21', 'Alerts'), hook('22', 'Alerts')],
      {},
      APP,
    );
    const old: WebhookPlan = { ...wp, requests: wp.requests.map(({ id: _id, ...r }) => r) };
    const pairs = pairWebhookRequests(old);
    expect(pairs.map((p) => `${p.req.method} ${p.action.kind} ${p.action.remote!.id}`)).toEqual([
      'DELETE delete 22',
      'PATCH update 21',
    ]);
  });

  it('a request that matches no action is refused before anything is sent', () => {
    const action: WebhookAction = {
      kind: 'delete',
      address: 'channel:10/webhook/X',
      channelId: '10',
      name: 'X',
      remote: { id: '21', channelId: '10', name: 'X' },
      changes: [],
    };
    const wp: WebhookPlan = {
      actions: [action],
      requests: [
        { kind: 'webhook-delete', method: 'DELETE', route: '/webhooks/{id}', addresses: [action.address], id: '99' },
      ],
      kept: [],
      channels: ['10'],
      locked: [],
    };
    expect(() => pairWebhookRequests(wp)).toThrow(expect.objectContaining({ code: 'PLAN_FILE_INVALID' }));
  });
});
