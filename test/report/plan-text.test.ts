import { stripVTControlCharacters as strip } from 'node:util';
import { colors, setColor } from '../../src/report/color.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatPlanText } from '../../src/report/plan/text.js';
import { formatPlanMarkdown } from '../../src/report/plan/markdown.js';
import { planWebhooks } from '../../src/plan/webhooks.js';
import type { Plan } from '../../src/plan/model.js';
import { GUILD, action, basePlan, emptyPlan, fullPlan, scope } from './plan-fixtures.js';

const initial = colors().enabled;
beforeEach(() => {
  setColor(false);
});
afterEach(() => {
  setColor(initial);
});

function lines(text: string): string[] {
  return strip(text).split('\n');
}

describe('formatPlanText', () => {
  it('renders every action kind with Terraform markers and field diffs', () => {
    const out = lines(formatPlanText(fullPlan()));
    expect(out[0]).toBe('cmdsync will perform the following actions:');
    const expected = [
      'global',
      '    + chat_input/ping will be created',
      '    ~ chat_input/echo will be updated in place',
      '        ~ description: "a" → "b"',
      '        + options[2]: {"type":3,"name":"x","description":"y"}',
      '        - nsfw: true',
      '    ~ chat_input/hi will be renamed: "hello" → "hi" (id kept)',
      '    - chat_input/old will be deleted (not in manifest)',
      '  Kept (not managed by the manifest):',
      '      primary_entry_point/launch (id 14): auto-created entry point',
    ];
    const start = out.indexOf('global');
    expect(out.slice(start, start + expected.length)).toEqual(expected);
  });

  it('does not repeat a rename as a name field diff', () => {
    expect(strip(formatPlanText(fullPlan()))).not.toContain('~ name:');
  });

  it('marks a replace, names the type by its enum and says permissions follow the new id', () => {
    const out = lines(formatPlanText(fullPlan()));
    expect(out).toContain(`guild:${GUILD}`);
    expect(out).toContain(
      '  -/+ message/Profile must be replaced (type changed): new id; permissions will be re-applied',
    );
    expect(out).toContain('        ~ type: user → message  # forces replacement');
  });

  it('says only "new id" when no permission set follows the replaced command', () => {
    const full = fullPlan();
    const plan = { ...full, scopes: full.scopes.map((s, i) => (i === 1 ? { ...s, permissions: [] } : s)) };
    expect(lines(formatPlanText(plan))).toContain('  -/+ message/Profile must be replaced (type changed): new id');
  });

  it('lists permission entries added, removed and changed, with the guild pseudo-ids named', () => {
    const out = lines(formatPlanText(fullPlan()));
    const i = out.indexOf('    ~ application-wide permissions will be replaced');
    expect(i).toBeGreaterThan(0);
    expect(out.slice(i + 1, i + 4)).toEqual([
      '        + role 123: allow',
      `        + role everyone (${GUILD}): deny`,
      '        - user 456: deny',
    ]);
    expect(out).toContain('    ~ permissions of message/Profile will be replaced (replaced command gets a new id)');
    expect(out).toContain('          1 entry sent again unchanged');
  });

  it('shows a changed permission and the all-channels pseudo-id', () => {
    const plan = basePlan({
      scopes: [
        scope({
          key: 'guild:100',
          scope: { kind: 'guild', guildId: '100' },
          permissions: [
            {
              kind: 'replace',
              target: '*',
              before: [{ id: '99', type: 3, permission: true }],
              after: [{ id: '99', type: 3, permission: false }],
            },
          ],
        }),
      ],
      summary: { create: 0, update: 0, rename: 0, replace: 0, delete: 0, permissions: 1 },
      request_count: 1,
    });
    expect(lines(formatPlanText(plan))).toContain('        ~ channel all_channels (99): allow → deny');
  });

  it('hides no-op actions and permission sets unless asked', () => {
    expect(strip(formatPlanText(fullPlan()))).not.toContain('same');
    expect(strip(formatPlanText(fullPlan()))).not.toContain('quiet');
    const shown = lines(formatPlanText(fullPlan(), { showNoop: true }));
    expect(shown).toContain('      chat_input/same is up to date');
    expect(shown).toContain('      permissions of chat_input/quiet are up to date');
  });

  it('heads guild blocks with the guild name when given', () => {
    expect(lines(formatPlanText(fullPlan(), { guildNames: { [GUILD]: 'My Server' } }))).toContain(
      `guild:${GUILD} (My Server)`,
    );
  });

  it('ends with warnings and the exact summary line', () => {
    const out = lines(formatPlanText(fullPlan())).filter((l) => l !== '');
    expect(out.at(-1)).toBe('Plan: 2 to add, 2 to change, 2 to destroy; 2 permission sets. 7 requests.');
    const w = out.indexOf('Warnings:');
    expect(out.slice(w, w + 3)).toEqual([
      'Warnings:',
      `  ! [guild:${GUILD}] Replacing message/Profile drops its permissions; they will be re-applied.`,
      '  ! This plan spends 2 of 200 daily creates.',
    ]);
  });

  it('matches the summary line of the brief for its counts', () => {
    const plan = basePlan({
      summary: { create: 1, update: 2, rename: 0, replace: 0, delete: 1, permissions: 3 },
      request_count: 4,
    });
    expect(strip(formatPlanText(plan)).trim().split('\n').at(-1)).toBe(
      'Plan: 1 to add, 2 to change, 1 to destroy; 3 permission sets. 4 requests.',
    );
  });

  it('says up front, before the actions, that permission sets will not be applied without a bearer token', () => {
    const full = fullPlan();
    const plan: Plan = {
      ...full,
      warnings: [
        ...full.warnings,
        {
          code: 'bearer-missing',
          message:
            "2 permission set(s) need a user's bearer token: set DISCORD_BEARER_TOKEN. Commands will be applied, permissions will not.",
        },
      ],
    };
    const out = lines(formatPlanText(plan));
    const note = out.findIndex((l) => l.includes("need a user's bearer token"));
    expect(note).toBeGreaterThan(0);
    expect(note).toBeLessThan(out.indexOf('global'));
    expect(out[note]).toBe(
      "Warning: 2 permission set(s) need a user's bearer token: set DISCORD_BEARER_TOKEN. Commands will be applied, permissions will not.",
    );
    expect(out.filter((l) => l.includes('bearer token'))).toHaveLength(1);
  });

  it('lists blocking errors', () => {
    const plan: Plan = {
      ...fullPlan(),
      errors: [
        { rule: 'daily-create-limit', severity: 'error', message: 'Over the daily create allowance.', path: [] },
      ],
    };
    const out = lines(formatPlanText(plan));
    expect(out).toContain('Errors (apply will refuse this plan):');
    expect(out).toContain('  ✖ Over the daily create allowance. [daily-create-limit]');
  });

  it('says there is nothing to do, and still mentions kept commands', () => {
    const text = strip(formatPlanText(emptyPlan()));
    expect(text).toBe(
      'No changes. Remote commands match the manifest.\n\n' +
        'Kept 1 remote command the manifest does not manage:\n' +
        '  global/primary_entry_point/launch (id 2): auto-created entry point\n',
    );
    expect(strip(formatPlanText(basePlan()))).toBe('No changes. Remote commands match the manifest.\n');
  });

  it('with showNoop on an empty plan, lists what is up to date and still says "No changes"', () => {
    const out = lines(formatPlanText(emptyPlan(), { showNoop: true }));
    expect(out).toContain('      chat_input/ping is up to date');
    expect(out.filter((l) => l).at(-1)).toBe('No changes. Remote commands match the manifest.');
    expect(out).not.toContain('cmdsync will perform the following actions:');
  });

  it('uses colour only when colour is enabled', () => {
    expect(formatPlanText(fullPlan())).toBe(strip(formatPlanText(fullPlan())));
    setColor(true);
    const coloured = formatPlanText(fullPlan());
    expect(coloured).not.toBe(strip(coloured));
    expect(coloured).toContain(colors().green('+'));
    expect(coloured).toContain(colors().yellow('~'));
    expect(coloured).toContain(colors().red('-'));
    expect(coloured).toContain(colors().magenta('-/+'));
    expect(coloured).toContain(colors().yellow('  ! This plan spends 2 of 200 daily creates.'));
  });

  it('keeps long values whole and hostile ones escaped on one line (a plan of format 1.1, without whole commands)', () => {
    const long = 'x'.repeat(500);
    const plan = basePlan({
      scopes: [
        scope({
          key: 'global',
          scope: { kind: 'global' },
          actions: [
            action({
              kind: 'update',
              address: 'global/chat_input/a',
              name: 'a',
              remote: { id: '1', name: 'a', type: 1 },
              changes: [
                { path: 'description', before: long, after: 'evil\u001b[31mred\nnext' },
                { path: 'default_member_permissions', before: '2048', after: '0' },
              ],
            }),
          ],
        }),
      ],
      summary: { create: 0, update: 1, rename: 0, replace: 0, delete: 0, permissions: 0 },
      request_count: 1,
    });
    const text = formatPlanText(plan);
    expect(text).not.toContain('\u001b');
    const desc = text.split('\n').find((l) => l.includes('description:'))!;
    expect(desc).toBe(`        ~ description: "${long}" → "evil\\u001b[31mred\\nnext"`);
    expect(text).toContain(
      '        ~ default_member_permissions: [SEND_MESSAGES] ("2048") → [] ("0": administrators only)',
    );
  });
});

describe('webhook actions of one address', () => {
  const hook = (id: string, name: string) => ({
    id,
    type: 1,
    channelId: '10',
    name,
    avatarHash: null,
    applicationId: '999',
  });
  const twins = () => {
    const webhooks = planWebhooks(
      { channels: ['10'], keep: [], webhooks: [] },
      [hook('21', 'Twin'), hook('22', 'Twin'), hook('23', 'Solo')],
      {},
      '999',
    );
    return basePlan({ webhooks, request_count: webhooks.requests.length });
  };

  it('two deletes of same-named webhooks in one channel show their ids, so they can be told apart; a lone one keeps its plain address', () => {
    const out = lines(formatPlanText(twins()));
    expect(out.filter((l) => l.includes('will be deleted'))).toEqual([
      '    - channel:10/webhook/Twin (id 21) will be deleted (not in the manifest)',
      '    - channel:10/webhook/Twin (id 22) will be deleted (not in the manifest)',
      '    - channel:10/webhook/Solo will be deleted (not in the manifest)',
    ]);
  });

  it('the markdown plan shows the ids the same way', () => {
    const md = formatPlanMarkdown(twins());
    expect(md).toContain('channel:10/webhook/Twin (id 21) will be deleted');
    expect(md).toContain('channel:10/webhook/Twin (id 22) will be deleted');
  });
});
