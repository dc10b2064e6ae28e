import { describe, expect, it } from 'vitest';
import { maskAuthorization, Redactor, redactPatterns } from '../../src/config/redact.js';
import { backoffDelay, isRetryableStatus } from '../../src/remote/http/retry.js';
import { maskSecretForActions } from '../../src/config/ci-mask.js';

describe('Redactor', () => {
  it('replaces registered secrets, longest first, and their URL-encoded form', () => {
    const r = new Redactor(['abc.def/ghi+jkl', 'abc.def', undefined, 'ab']);
    expect(r.redact('x abc.def/ghi+jkl y abc.def z ab')).toBe('x [REDACTED] y [REDACTED] z ab');
    expect(r.redact(`q=${encodeURIComponent('abc.def/ghi+jkl')}`)).toBe('q=[REDACTED]');
  });

  it('redacts webhook tokens in paths and Authorization values without registration', () => {
    expect(redactPatterns('POST https://discord.com/api/v10/webhooks/123/tok_en-1?wait=true')).toBe(
      'POST https://discord.com/api/v10/webhooks/123/[REDACTED]?wait=true',
    );
    expect(redactPatterns('authorization: Bot MTIzNDU2Nzg5MDEyMzQ1Njc4.abc.def')).toBe('authorization: Bot [REDACTED]');
    expect(redactPatterns('a Bearer token is required for permission edits')).toBe(
      'a Bearer token is required for permission edits',
    );
  });

  it('redacts deeply inside values', () => {
    const r = new Redactor(['s3cr3t-value']);
    expect(r.redactValue({ a: ['s3cr3t-value!', { b: 's3cr3t-value' }], n: 1 })).toEqual({
      a: ['[REDACTED]!', { b: '[REDACTED]' }],
      n: 1,
    });
  });

  it('masks an Authorization header keeping the scheme', () => {
    expect(maskAuthorization('Bot abc')).toBe('Bot [REDACTED]');
    expect(maskAuthorization(undefined)).toBe('none');
  });
});

describe('retry policy', () => {
  it('grows exponentially with jitter within [half, full] and caps', () => {
    const opts = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelay(1, opts, () => 0)).toBe(50);
    expect(backoffDelay(1, opts, () => 1)).toBe(100);
    expect(backoffDelay(3, opts, () => 1)).toBe(400);
    expect(backoffDelay(10, opts, () => 1)).toBe(1000);
  });
  it('retries only 5xx', () => {
    expect([500, 502, 503, 400, 401, 404, 429].map(isRetryableStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('maskSecretForActions', () => {
  it('writes ::add-mask:: only under GitHub Actions', () => {
    const lines: string[] = [];
    expect(maskSecretForActions('tok', (l) => lines.push(l), { GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(maskSecretForActions('tok', (l) => lines.push(l), {})).toBe(false);
    expect(lines).toEqual(['::add-mask::tok\n']);
  });
});
