import { describe, expect, it } from 'vitest';
import { isPermissionEditPath, isWebhookTokenPath, routeOf } from '../../src/remote/http/route.js';

describe('routeOf', () => {
  it('files guild command routes under the guild, not the application', () => {
    const a = routeOf('PUT', '/applications/111111111111111111/guilds/222222222222222222/commands');
    const b = routeOf('PUT', '/applications/111111111111111111/guilds/333333333333333333/commands');
    expect(a.key).toBe('PUT /applications/:id/guilds/:id/commands');
    expect(a.key).toBe(b.key);
    expect(a.major).toBe('guild:222222222222222222');
    expect(b.major).toBe('guild:333333333333333333');
  });

  it('global commands are keyed by application', () => {
    expect(routeOf('get', '/applications/1/commands?with_localizations=true')).toEqual({
      key: 'GET /applications/:id/commands',
      major: 'application:1',
    });
  });

  it('replaces the webhook token and keys webhooks by id only', () => {
    const r = routeOf('POST', '/webhooks/123/SeCrEt-token_x/messages/456?wait=true');
    expect(r.key).toBe('POST /webhooks/:id/:token/messages/:id');
    expect(r.major).toBe('webhook:123');
    expect(JSON.stringify(r)).not.toContain('SeCrEt');
  });

  it('channels, guilds, and everything else', () => {
    expect(routeOf('POST', '/channels/9/webhooks')).toEqual({ key: 'POST /channels/:id/webhooks', major: 'channel:9' });
    expect(routeOf('GET', '/guilds/8/webhooks')).toEqual({ key: 'GET /guilds/:id/webhooks', major: 'guild:8' });
    expect(routeOf('POST', '/oauth2/token')).toEqual({ key: 'POST /oauth2/token', major: 'global' });
  });

  it('recognises token paths and permission edits', () => {
    expect(isWebhookTokenPath('/webhooks/1/tok')).toBe(true);
    expect(isWebhookTokenPath('/webhooks/1/tok/messages/2')).toBe(true);
    expect(isWebhookTokenPath('/webhooks/1')).toBe(false);
    expect(isWebhookTokenPath('/channels/1/webhooks')).toBe(false);
    expect(isPermissionEditPath('PUT', '/applications/1/guilds/2/commands/3/permissions')).toBe(true);
    expect(isPermissionEditPath('GET', '/applications/1/guilds/2/commands/3/permissions')).toBe(false);
    expect(isPermissionEditPath('PUT', '/applications/1/guilds/2/commands/permissions')).toBe(false);
  });
});
