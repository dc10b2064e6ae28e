/**
 * A webhook a user's webhook.incoming consent made carries the application's
 * id but is the user's: the plan neither prunes nor adopts it.
 */
import { describe, expect, it } from 'vitest';
import { planWebhooks } from '../../src/plan/webhooks.js';

const APP = '1';
const byBot = {
  id: '21',
  type: 1,
  channelId: '10',
  name: 'Alerts',
  avatarHash: null,
  applicationId: APP,
  createdByUser: false,
};
const byConsent = {
  id: '22',
  type: 1,
  channelId: '10',
  name: 'Alerts',
  avatarHash: null,
  applicationId: APP,
  createdByUser: true,
};

describe('webhooks made by a user through the webhook.incoming flow', () => {
  it("are never deleted from a declared channel, while the application's own unlisted webhook is", () => {
    const wp = planWebhooks({ channels: ['10'], keep: [], webhooks: [] }, [byBot, byConsent], {}, APP);
    expect(wp.actions.map((a) => [a.kind, a.remote?.id])).toEqual([['delete', '21']]);
  });

  it('are never adopted by a declared webhook of the same name: the application makes its own', () => {
    const wp = planWebhooks(
      { channels: ['10'], keep: [], webhooks: [{ channelId: '10', name: 'Alerts' }] },
      [byConsent],
      {},
      APP,
    );
    expect(wp.actions.map((a) => a.kind)).toEqual(['create']);
  });

  it('are not deleted when the lock file somehow records them either (no longer in the manifest elsewhere)', () => {
    const wp = planWebhooks(
      { channels: [], keep: [], webhooks: [] },
      [{ ...byConsent, channelId: '11' }],
      { '22': {} },
      APP,
    );
    expect(wp.actions).toEqual([]);
  });
});
