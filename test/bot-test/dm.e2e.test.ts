/**
 * Direct messages in `cmdsync test` (issue 41 item 5, issue 37 item 4), on a
 * discord.js bot that hears DMs as the guide says (fixtures/bot-test/bots/dm/):
 * a command that DMs its member, checked with `in: dm <member>`, and the
 * `dm:` step, a member writing to the bot. (`npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runBin, type RunResult } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';

const DM = join(FIXTURES, 'bot-test/bots/dm');

describe('DMs in cmdsync test', () => {
  let passing: RunResult;
  let failing: RunResult;
  let json: { format_version: string; files: Array<{ scenarios: Array<{ steps: Array<{ observed?: any }> }> }> };
  beforeAll(async () => {
    const run = (args: string[]) => runBin(['test', ...args], { cwd: DM, timeoutMs: 60_000 });
    let asJson: RunResult;
    [passing, failing, asJson] = await Promise.all([
      run(['dm.test.yaml']),
      run(['failing.test.yaml']),
      run(['dm.test.yaml', '--json']),
    ]);
    json = JSON.parse(asJson.stdout);
  }, 90_000);

  test.each([
    "/remind sends the reminder to the member's DMs",
    'a member writes to the bot in a DM and it answers there',
  ])('%s', (name) => {
    expect(passing.stdout).toMatch(new RegExp(`^✓ dm\\.test\\.yaml › ${name.replace(/[/()]/g, '\\$&')} \\(`, 'm'));
  });

  test('the whole file passes', () => {
    expect(passing.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
    expect(passing.code).toBe(0);
  });

  test('a message not where written is reported with where it went', () => {
    const lines = failing.stdout.split('\n');
    const at = lines.findIndex((l) =>
      l.startsWith('✗ Failed: failing.test.yaml › the answer was expected in the channel'),
    );
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '  step 1 (dm) at failing.test.yaml:9:9, still so after 1 s (within)',
      '    where                 expected  actual',
      '    message.in (line 11)  #general  dm alice',
    ]);
    expect(failing.code).toBe(1);
  });

  test('--json (1.6) says where each observed message is', () => {
    expect(json.format_version).toBe('1.6');
    const [remind, written] = json.files[0]!.scenarios;
    expect(remind!.steps[0]!.observed.messages.map((m: { in: string }) => m.in)).toEqual(['dm bob', '#general']);
    expect(written!.steps[0]!.observed.acted).toMatchObject({ in: 'dm alice', content: 'hello bot' });
  });
});
