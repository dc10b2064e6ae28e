/**
 * The webhook resource's own bodies and helpers (src/wire/webhook.ts), pinned as whole values:
 * the create and edit bodies' Problems (rule, severity, sentence, path, api), avatar image data,
 * and whose webhook a channel's is (facts §5.2, §13).
 */
import { describe, expect, it } from 'vitest';
import { WebhookType } from '../../src/wire/enums.js';
import { DEFAULT_LIMITS as limits } from '../../src/wire/limits.js';
import {
  isApplicationsOwnWebhook,
  isImageData,
  splitImageData,
  validateWebhookCreateBody,
  validateWebhookEditBody,
  webhookAvatarUrl,
} from '../../src/wire/webhook.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const notMapping = (what: string) => ({
  rule: 'webhook-body-type',
  severity: 'error',
  path: [],
  message: `The body must be a mapping, not ${what}.`,
  api: { code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' },
});

describe('image data', () => {
  it('accepts the four image types as base64 data URLs, nothing else', () => {
    expect(isImageData(PNG)).toBe(true);
    expect(isImageData('data:image/jpeg;base64,AAAA')).toBe(true);
    expect(isImageData('data:image/svg+xml;base64,AAAA')).toBe(false);
    expect(isImageData(['data:image/png;base64,AAAA'])).toBe(false);
    expect(isImageData({ toString: () => PNG })).toBe(false);
  });

  it('splits into content type and payload', () => {
    expect(splitImageData(PNG)).toEqual({ contentType: 'image/png', base64: 'iVBORw0KGgo=' });
    expect(splitImageData('data:image/webp;base64,UklG')).toEqual({ contentType: 'image/webp', base64: 'UklG' });
    expect(splitImageData('data:text/plain;base64,AAAA')).toBeUndefined();
    expect(splitImageData(42)).toBeUndefined();
  });
});

describe('validateWebhookCreateBody', () => {
  it('refuses a body that is not a mapping, and nothing more', () => {
    expect(validateWebhookCreateBody([], limits)).toEqual([notMapping('a list')]);
    expect(validateWebhookCreateBody('x', limits)).toEqual([notMapping('the string "x"')]);
  });

  it('refuses an avatar that is not image data, at avatar', () => {
    expect(validateWebhookCreateBody({ name: 'ci', avatar: 'http://x/y.png' }, limits)).toEqual([
      {
        rule: 'webhook-avatar',
        severity: 'error',
        path: ['avatar'],
        message: 'avatar must be image data (data:image/png;base64,…), not the string "http://x/y.png".',
        api: { code: 'IMAGE_INVALID', message: 'Invalid image data' },
      },
    ]);
    expect(validateWebhookCreateBody({ name: 'ci', avatar: PNG }, limits)).toEqual([]);
    expect(validateWebhookCreateBody({ name: 'ci', avatar: null }, limits)).toEqual([]);
  });

  it('requires the name, at name', () => {
    const found = validateWebhookCreateBody({}, limits);
    expect(found.map((p) => [p.rule, p.path])).toEqual([['webhook-name-length', ['name']]]);
  });
});

describe('validateWebhookEditBody', () => {
  const byId = { byToken: false };
  const byToken = { byToken: true };

  it('accepts no body at all', () => {
    expect(validateWebhookEditBody(undefined, limits, byId)).toEqual([]);
    expect(validateWebhookEditBody(null, limits, byId)).toEqual([]);
  });

  it('refuses a body that is not a mapping', () => {
    expect(validateWebhookEditBody([{ name: '' }], limits, byId)).toEqual([notMapping('a list')]);
    expect(validateWebhookEditBody(7, limits, byId)).toEqual([notMapping('number 7')]);
  });

  it('checks the name only when given, at name', () => {
    expect(validateWebhookEditBody({}, limits, byId)).toEqual([]);
    const found = validateWebhookEditBody({ name: 5 }, limits, byId);
    expect(found.map((p) => [p.rule, p.path])).toEqual([['webhook-name-type', ['name']]]);
  });

  it('checks the avatar', () => {
    expect(validateWebhookEditBody({ avatar: 3 }, limits, byId).map((p) => p.rule)).toEqual(['webhook-avatar']);
  });

  it('warns that a token cannot move the webhook', () => {
    expect(validateWebhookEditBody({ channel_id: 'x' }, limits, byToken)).toEqual([
      {
        rule: 'webhook-channel-by-token',
        severity: 'warning',
        path: ['channel_id'],
        message:
          'channel_id cannot be changed with the webhook token; the service ignores it (use the id route with MANAGE_WEBHOOKS).',
      },
    ]);
  });

  it('refuses a channel_id that is not a snowflake on the id route', () => {
    expect(validateWebhookEditBody({ channel_id: 'general' }, limits, byId)).toEqual([
      {
        rule: 'webhook-channel-id',
        severity: 'error',
        path: ['channel_id'],
        message: 'channel_id must be a channel id, not the string "general".',
        api: { code: 'NUMBER_TYPE_COERCE', message: 'Value "general" is not snowflake.' },
      },
    ]);
    expect(validateWebhookEditBody({ channel_id: '123456789012345678' }, limits, byId)).toEqual([]);
  });
});

describe('isApplicationsOwnWebhook', () => {
  const own = { channelId: '1', name: 'n', type: WebhookType.INCOMING, applicationId: '42' };

  it('is an incoming webhook of the application not made by a person', () => {
    expect(isApplicationsOwnWebhook(own, '42')).toBe(true);
    expect(isApplicationsOwnWebhook({ ...own, createdByUser: false }, '42')).toBe(true);
    expect(isApplicationsOwnWebhook({ ...own, createdByUser: true }, '42')).toBe(false);
    expect(isApplicationsOwnWebhook(own, '43')).toBe(false);
    expect(isApplicationsOwnWebhook({ ...own, type: WebhookType.CHANNEL_FOLLOWER }, '42')).toBe(false);
  });
});

describe('webhookAvatarUrl', () => {
  it('is the CDN avatar path, GIF for animated hashes', () => {
    expect(webhookAvatarUrl('9', 'abc')).toBe('https://cdn.discordapp.com/avatars/9/abc.png');
    expect(webhookAvatarUrl('9', 'a_abc')).toBe('https://cdn.discordapp.com/avatars/9/a_abc.gif');
  });
});
