/**
 * The router (http/router.ts) on a small table: a literal segment beats a
 * parameter at the same position, a route whose pattern starts with a
 * parameter is a candidate whatever the path's first segment, a literal route
 * for another method still owns its path, and the order given breaks ties.
 */
import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/emulator/http/http-types.js';
import { Router } from '../../src/emulator/http/router.js';

const route = (method: Route['method'], pattern: string): Route =>
  ({ method, pattern, auth: 'none', bucket: 'global', handler: () => ({ status: 204 }) }) as unknown as Route;

const TABLE = [
  route('GET', '/channels/:channelId/messages'),
  route('GET', '/channels/:channelId/:what'),
  route('GET', '/:anything/:id/messages'),
  route('POST', '/:anything/:id/messages'),
  route('GET', '/:first/:second'),
  route('PUT', '/guilds/@me'),
  route('GET', '/webhooks/:webhookId/:webhookToken'),
  route('POST', '/webhooks/:webhookId/:webhookToken'),
  route('GET', '/webhooks/:webhookId/:webhookToken/messages/@original'),
  route('GET', '/webhooks/:webhookId/:webhookToken/messages/:messageId'),
];
const router = new Router(TABLE);
const found = (method: string, path: string) => {
  const m = router.match(method, path);
  return m.kind === 'found' ? [m.route.pattern, m.params] : m.kind;
};

describe('Router', () => {
  it('prefers a literal segment to a parameter at the same position', () => {
    expect(found('GET', '/channels/1/messages')).toEqual(['/channels/:channelId/messages', { channelId: '1' }]);
    expect(found('GET', '/channels/1/pins')).toEqual(['/channels/:channelId/:what', { channelId: '1', what: 'pins' }]);
    expect(found('GET', '/webhooks/1/t/messages/%40original')).toEqual([
      '/webhooks/:webhookId/:webhookToken/messages/@original',
      { webhookId: '1', webhookToken: 't' },
    ]);
  });

  it('finds a route that starts with a parameter under any first segment, known or not', () => {
    expect(found('GET', '/threads/1/messages')).toEqual(['/:anything/:id/messages', { anything: 'threads', id: '1' }]);
    expect(found('POST', '/threads/1/messages')).toEqual(['/:anything/:id/messages', { anything: 'threads', id: '1' }]);
    // The literal GET route owns its path: a POST there is not the parameter route's.
    expect(found('POST', '/channels/1/messages')).toBe('method-not-allowed');
    expect(found('GET', '/guilds/1')).toEqual(['/:first/:second', { first: 'guilds', second: '1' }]);
    expect(found('GET', '/nowhere/1')).toEqual(['/:first/:second', { first: 'nowhere', second: '1' }]);
  });

  it('answers method-not-allowed where a route of another method owns the path, not-found elsewhere', () => {
    expect(found('GET', '/guilds/@me')).toBe('method-not-allowed');
    expect(found('DELETE', '/webhooks/1/t')).toBe('method-not-allowed');
    expect(found('GET', '/webhooks/1/t/x/y/z')).toBe('not-found');
    expect(found('GET', '/%zz/1/messages')).toBe('not-found');
    expect(found('GET', '/')).toBe('not-found');
  });
});
