import { stripVTControlCharacters as strip } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/build.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { State, WebhookState } from '../../src/wire/state.js';
import { colors, setColor } from '../../src/report/color.js';
import { formatPlanJson, formatPlanMarkdown, formatPlanText } from '../../src/report/plan/index.js';
import { wordDiff } from '../../src/report/plan/values.js';

/**
 * Golden output of the plan renderers for a plan the real planner builds:
 * every action kind, options inserted, removed and moved by name, a
 * subcommand tree, choices, long text, creates, and the warnings that sit
 * beside their action. The files under golden/ are the reviewed output.
 */

const APP = '500000000000000001';
const GUILD = '111111111111111111';
const CHANNEL = '700000000000000001';

const LONG_BEFORE = 'Set a reminder that pings you in this channel when the time comes, with the text you give';
const LONG_AFTER = 'Set a reminder that pings you by direct message when the time comes, with the text you give';

const opt = (type: number, name: string, extra: Record<string, unknown> = {}) => ({
  type,
  name,
  description: `The ${name}`,
  ...extra,
});

function remote(id: string, body: Record<string, unknown>) {
  return { id, version: `${id}0`, body: { id, application_id: APP, version: `${id}0`, type: 1, ...body } };
}

function states(): { desired: State; actual: State } {
  const desired: State = {
    applicationId: APP,
    scopes: [
      {
        scope: GLOBAL,
        commands: [
          { body: { name: 'ping', description: 'Pong', default_member_permissions: '2048', contexts: [0, 1] } },
          {
            body: {
              name: 'remind',
              description: LONG_AFTER,
              options: [opt(3, 'what', { required: true }), opt(5, 'silent'), opt(3, 'when', { max_length: 40 })],
            },
          },
          { body: { name: 'order', description: 'Order', options: [opt(3, 'c'), opt(3, 'a'), opt(3, 'b')] } },
          {
            body: {
              name: 'admin',
              description: 'Admin tools',
              options: [
                {
                  type: 2,
                  name: 'users',
                  description: 'Users',
                  options: [
                    {
                      type: 1,
                      name: 'ban',
                      description: 'Ban someone',
                      options: [
                        opt(6, 'who', { required: true }),
                        opt(3, 'reason', {
                          description: 'Why',
                          choices: [
                            { name: 'Spam', value: 'spam' },
                            { name: 'Abuse', value: 'abuse' },
                            { name: 'Other', value: 'other' },
                          ],
                        }),
                      ],
                    },
                  ],
                },
              ],
            },
          },
          { body: { name: 'hi', description: 'Say hi' }, renamedFrom: ['hello'] },
        ],
      },
      {
        scope: guildScope(GUILD),
        commands: [{ body: { type: 3, name: 'Profile' } }],
        permissions: [
          {
            target: { kind: 'command', name: 'Profile', type: 3 },
            entries: [
              { id: GUILD, type: 1, permission: false },
              { id: '222222222222222222', type: 1, permission: true },
              { id: String(BigInt(GUILD) - 1n), type: 3, permission: false },
              { id: '333333333333333333', type: 3, permission: true },
            ],
          },
        ],
      },
    ],
  };
  const actual: State = {
    applicationId: APP,
    scopes: [
      {
        scope: GLOBAL,
        commands: [
          remote('10', {
            name: 'remind',
            description: LONG_BEFORE,
            options: [opt(3, 'what', { required: true }), opt(3, 'when', { max_length: 20 }), opt(4, 'repeat')],
          }),
          remote('11', { name: 'order', description: 'Order', options: [opt(3, 'a'), opt(3, 'b'), opt(3, 'c')] }),
          remote('12', {
            name: 'admin',
            description: 'Admin tools',
            options: [
              {
                type: 2,
                name: 'users',
                description: 'Users',
                options: [
                  {
                    type: 1,
                    name: 'ban',
                    description: 'Ban someone',
                    options: [
                      opt(6, 'who', { required: true }),
                      opt(3, 'reason', {
                        description: 'The reason',
                        choices: [
                          { name: 'Spam', value: 'spam' },
                          { name: 'Other', value: 'misc' },
                        ],
                      }),
                    ],
                  },
                ],
              },
            ],
          }),
          remote('13', { name: 'hello', description: 'Say hi' }),
          remote('14', { name: 'old', description: 'Old' }),
        ],
      },
      {
        scope: guildScope(GUILD),
        commands: [
          remote('20', { type: 2, name: 'Profile', description: '' }),
          remote('21', { name: 'unused', description: 'No one set permissions on me' }),
        ],
        permissions: [],
      },
    ],
  };
  return { desired, actual };
}

const keptWebhook: WebhookState = {
  id: '800000000000000001',
  channelId: CHANNEL,
  name: 'Deploys',
  type: 1,
  applicationId: APP,
};

function goldenPlan() {
  const { desired, actual } = states();
  return buildPlan(desired, actual, {
    strategy: 'individual',
    limits: DEFAULT_LIMITS,
    canEditPermissions: true,
    force: false,
    cmdsyncVersion: '0.1.0',
    readCount: 4,
    now: new Date('2025-01-01T00:00:00Z'),
    webhooks: { desired: { channels: [CHANNEL], keep: [], webhooks: [] }, actual: [keptWebhook], lock: {} },
  });
}

const initial = colors().enabled;
beforeEach(() => setColor(false));
afterEach(() => setColor(initial));

describe('plan renderers, golden output', () => {
  it('text: nested blocks matched by name, manifest spellings, full and word-level text, warnings beside their action', async () => {
    await expect(formatPlanText(goldenPlan())).toMatchFileSnapshot('golden/plan.txt');
  });

  it('markdown: the same tree in a diff block', async () => {
    await expect(formatPlanMarkdown(goldenPlan())).toMatchFileSnapshot('golden/plan.md');
  });

  it('json: each change carries the same tree', async () => {
    const doc = JSON.parse(formatPlanJson(goldenPlan()));
    const remind = doc.changes.find((c: { address: string }) => c.address === 'global/chat_input/remind');
    await expect(`${JSON.stringify(remind.diff, null, 2)}\n`).toMatchFileSnapshot('golden/remind-diff.json');
    const perms = doc.changes.find(
      (c: { address: string }) => c.address === `guild:${GUILD}/message/Profile/permissions`,
    );
    expect(perms.diff.slice(0, 4)).toEqual([
      { sign: '+', label: `role everyone (${GUILD})`, value: 'deny' },
      { sign: '+', label: 'role 222222222222222222', value: 'allow' },
      { sign: '+', label: `channel all_channels (${BigInt(GUILD) - 1n})`, value: 'deny' },
      { sign: '+', label: 'channel 333333333333333333', value: 'allow' },
    ]);
    expect(
      perms.diff
        .slice(4)
        .every((n: { sign: string; label: string }) => n.sign === ' ' && n.label.startsWith('after apply:')),
    ).toBe(true);
  });

  it('an inserted option is one + block, not a cascade of changes down the list', () => {
    const text = strip(formatPlanText(goldenPlan()));
    const remind = text.slice(text.indexOf('chat_input/remind'), text.indexOf('chat_input/order'));
    expect(remind.match(/^\s+\+ option /gm)).toHaveLength(1);
    expect(remind.match(/^\s+- option /gm)).toHaveLength(1);
    expect(remind).not.toContain('option "what"');
  });

  it('shows full strings, never truncated', () => {
    const { desired, actual } = states();
    const long = 'word '.repeat(40).trim();
    (desired.scopes[0].commands[0].body as Record<string, unknown>).description = long;
    const plan = buildPlan(desired, actual, {
      strategy: 'individual',
      limits: DEFAULT_LIMITS,
      canEditPermissions: true,
      force: false,
      cmdsyncVersion: '0',
      readCount: 0,
    });
    expect(strip(formatPlanText(plan))).toContain(`+ description: "${long}"`);
  });

  it('keeps terminal escapes out of the output', () => {
    const { desired, actual } = states();
    (desired.scopes[0].commands[0].body as Record<string, unknown>).description = 'evil\u001b[31mred\nnext';
    const plan = buildPlan(desired, actual, {
      strategy: 'individual',
      limits: DEFAULT_LIMITS,
      canEditPermissions: true,
      force: false,
      cmdsyncVersion: '0',
      readCount: 0,
    });
    const text = formatPlanText(plan);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('+ description: "evil\\u001b[31mred\\nnext"');
  });
});

describe('wordDiff', () => {
  it('marks a replaced phrase as one run, keeps the rest, and leaves short strings alone', () => {
    expect(wordDiff(LONG_BEFORE, LONG_AFTER)).toBe(
      '"Set a reminder that pings you [-in this channel-]{+by direct message+} when the time comes, with the text you give"',
    );
    expect(wordDiff('a b', 'a c')).toBeUndefined();
    expect(wordDiff('x'.repeat(50), 'y'.repeat(50))).toBeUndefined();
    expect(wordDiff(`${'w '.repeat(30)}end`, `${'w '.repeat(30)}end\nnew`)).toBe(`"${'w '.repeat(30)}end{+\\nnew+}"`);
  });
});
