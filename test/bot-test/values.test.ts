/**
 * The small languages inside a test file's values (file/values.ts). A fault
 * route is parsed once, when the file is read, into `{ method, path }` with
 * one rule for the REST base's prefix: the file reader and the runner once
 * each had their own, and disagreed on `/api/…` and `/v10/…` (issue 36).
 */
import { describe, expect, it } from 'vitest';
import { faultRoute } from '../../src/bot-test/file/values.js';

describe('faultRoute', () => {
  it('reads the method (any case) and the path', () => {
    expect(faultRoute('POST /channels/*/messages')).toEqual({ method: 'POST', path: '/channels/*/messages' });
    expect(faultRoute('  patch   /webhooks/*/*/messages/@original ')).toEqual({
      method: 'PATCH',
      path: '/webhooks/*/*/messages/@original',
    });
  });

  it('one route with or without the REST base prefix, whichever part of it is written', () => {
    const routes = [
      '/channels/*/messages',
      '/api/v10/channels/*/messages',
      '/api/v9/channels/*/messages',
      '/v10/channels/*/messages',
      '/api/channels/*/messages',
    ];
    // `/v10/…` was kept by the runner's rule (a fault that never matched from the API); `/api/…` by the reader's.
    for (const path of routes)
      expect(faultRoute(`GET ${path}`), path).toEqual({ method: 'GET', path: '/channels/*/messages' });
  });

  it('a prefix is only a prefix: whole segments at the start, never part of the route', () => {
    expect(faultRoute('GET /api')).toEqual({ method: 'GET', path: '/api' });
    expect(faultRoute('GET /v10')).toEqual({ method: 'GET', path: '/v10' });
    expect(faultRoute('GET /apis/v10/x')).toEqual({ method: 'GET', path: '/apis/v10/x' });
    expect(faultRoute('GET /v10x/y')).toEqual({ method: 'GET', path: '/v10x/y' });
    expect(faultRoute('GET /guilds/*/api/v10/x')).toEqual({ method: 'GET', path: '/guilds/*/api/v10/x' });
  });

  it('what is not a route says why', () => {
    expect(faultRoute('nonsense')).toEqual({ problem: expect.stringMatching(/must be "METHOD \/path"/) });
    expect(faultRoute('SEND /channels/*')).toEqual({
      problem: expect.stringMatching(/SEND is not a method \(GET, POST, PUT, PATCH, DELETE\)/),
    });
    // The runner's rule took any letters for a method: a fault no request could match.
    expect(faultRoute('FETCH /channels/*')).toEqual({ problem: expect.stringMatching(/FETCH is not a method/) });
    expect(faultRoute('POST channels/*')).toEqual({ problem: expect.stringMatching(/the path must start with \//) });
    expect(faultRoute('POST /a /b')).toEqual({ problem: expect.stringMatching(/must be "METHOD \/path"/) });
  });
});
