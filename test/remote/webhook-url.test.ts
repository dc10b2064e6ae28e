import { describe, expect, it } from 'vitest';
import { parseWebhookUrl } from '../../src/remote/webhook-url.js';
import { WebhookUrlError } from '../../src/remote/errors.js';

const TOKEN = 'abcDEF_123-xyz';

describe('parseWebhookUrl', () => {
  it('accepts the service hosts with and without a version', () => {
    expect(parseWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`)).toEqual({
      id: '123456789012345678',
      token: TOKEN,
      baseUrl: 'https://discord.com/api/v10',
    });
    expect(parseWebhookUrl(`https://ptb.discord.com/api/v9/webhooks/1/${TOKEN}/`)).toEqual({
      id: '1',
      token: TOKEN,
      baseUrl: 'https://ptb.discord.com/api/v9',
    });
    expect(parseWebhookUrl(`https://canary.discordapp.com/api/webhooks/1/${TOKEN}?wait=true`).baseUrl).toBe(
      'https://canary.discordapp.com/api/v10',
    );
  });

  it('accepts any base of a local emulator', () => {
    expect(parseWebhookUrl(`http://127.0.0.1:4010/api/v10/webhooks/42/${TOKEN}`)).toEqual({
      id: '42',
      token: TOKEN,
      baseUrl: 'http://127.0.0.1:4010/api/v10',
    });
    expect(parseWebhookUrl(`http://localhost:9/webhooks/42/${TOKEN}`).baseUrl).toBe('http://localhost:9');
  });

  it('rejects other shapes without echoing the token', () => {
    const bad = [
      'not a url',
      `https://discord.com/webhooks/1/${TOKEN}`,
      `http://discord.com/api/webhooks/1/${TOKEN}`,
      `https://discord.com/api/webhooks/1/${TOKEN}/slack`,
      `ftp://h/webhooks/1/${TOKEN}`,
      'https://discord.com/api/webhooks/abc/def',
    ];
    for (const url of bad) {
      let caught: unknown;
      try {
        parseWebhookUrl(url);
      } catch (error) {
        caught = error;
      }
      expect(caught, url).toBeInstanceOf(WebhookUrlError);
      expect(String(caught)).not.toContain(TOKEN);
      expect((caught as WebhookUrlError).code).toBe('WEBHOOK_URL_INVALID');
    }
  });
});
