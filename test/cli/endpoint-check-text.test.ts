/** What `cmdsync emulator` says of its start-up endpoint check as it re-runs: not up yet, up but failing, passing, given up. */
import { describe, expect, it } from 'vitest';
import { endpointCheckText, watchReportText } from '../../src/cli/commands/endpoint-check-text.js';

const url = 'http://127.0.0.1:3000/interactions';

describe('endpoint check wording', () => {
  it('tells a bot that is not up yet from one that answers wrongly, and says when the re-checks end', () => {
    const down = {
      check: { url, ok: false, answered: false, problems: ['the endpoint refused the connection (ECONNREFUSED)'] },
      final: false,
    };
    expect(watchReportText(down)).toBe(
      `interactions endpoint ${url}: not answering yet (the endpoint refused the connection (ECONNREFUSED)); checking again as it comes up, for about 2 minutes`,
    );
    const wrongKey = {
      check: { url, ok: false, answered: true, problems: ['a signed PING got 401; it must get 200 {"type":1}'] },
      final: false,
    };
    expect(watchReportText(wrongKey)).toMatch(
      /^warning: interactions endpoint .*: a signed PING got 401; .*the service would refuse this URL\. Checking again for about 2 minutes \(restart the bot with the DISCORD_PUBLIC_KEY printed above\)\.$/,
    );
    expect(watchReportText(wrongKey, '42')).toMatch(
      /^warning: interactions endpoint of 42 .*\(restart the bot with its public key as listed above\)\.$/,
    );
    expect(watchReportText({ ...wrongKey, final: true })).toMatch(
      /\(it is used anyway\)\. Check again with `cmdsync emulator check-endpoint` or the State view's button\.$/,
    );
    expect(watchReportText({ check: { url, ok: true, answered: true, problems: [] }, final: true }, '42')).toBe(
      `interactions endpoint of 42 ${url}: answers PING and refuses bad signatures`,
    );
  });

  it('check-endpoint: no URL is an error line; no space before a semicolon anywhere', () => {
    expect(
      endpointCheckText({
        url: '',
        ok: false,
        answered: false,
        problems: ['application 1 (Bot) has no interactions endpoint URL: it gets interactions over the gateway'],
      }),
    ).toBe('error: application 1 (Bot) has no interactions endpoint URL: it gets interactions over the gateway');
    const text = endpointCheckText({
      url,
      ok: false,
      answered: true,
      problems: [
        'a signed PING got 500; it must get 200 {"type":1}',
        'a PING with a bad signature got 500; it must get 401 (the endpoint accepts forged requests)',
      ],
    });
    expect(text).not.toMatch(/ ;/);
    expect(text.endsWith('; the service would refuse this URL')).toBe(true);
  });
});
