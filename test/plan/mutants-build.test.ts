import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { PermissionSet, ScopeState, State, StateCommand, WebhookState } from '../../src/wire/state.js';

/**
 * What buildPlan says around the actions (src/plan/build.ts): permission
 * requests, daily creates, warnings, the webhooks' part of the fingerprint.
 * Found by mutants that survived the suite (docs/mutation.md).
 */

const APP = '100';
const GUILD = '200';
const G = guildScope(GUILD);
const opts: PlanOptions = {
  strategy: 'auto',
  limits: resolveLimits(),
  canEditPermissions: true,
  force: false,
  cmdsyncVersion: 'test',
  readCount: 2,
};
let seq = 1000;
const remote = (body: Record<string, unknown>, id = String(seq++)): StateCommand => ({
  id,
  version: String(seq++),
  body: {
    id,
    application_id: APP,
    version: '1',
    type: 1,
    nsfw: false,
    default_member_permissions: null,
    description: 'D',
    ...body,
  },
});
const want = (name: string, extra: Partial<StateCommand> = {}): StateCommand => ({
  body: { name, description: 'D' },
  ...extra,
});
const state = (scopes: ScopeState[]): State => ({ applicationId: APP, scopes });
const plan = (d: ScopeState[], a: ScopeState[], o: Partial<PlanOptions> = {}) =>
  buildPlan(state(d), state(a), { ...opts, ...o });
const entry = (id: string, permission = true) => ({ id, type: 1, permission });
const rows = (id: string, entries = [entry('1')]): PermissionSet => ({ target: { kind: 'command', id }, entries });
const codes = (p: ReturnType<typeof plan>, code: string) => p.warnings.filter((w) => w.code === code);
const many = (n: number) => Array.from({ length: n }, (_, i) => want(`c${i}`));

describe('permission requests', () => {
  it("a changed set is one PUT to the guild's command permissions, naming the command", () => {
    const p = plan(
      [
        {
          scope: G,
          commands: [want('a')],
          permissions: [{ target: { kind: 'command', name: 'a' }, entries: [entry('1')] }],
        },
      ],
      [{ scope: G, commands: [remote({ name: 'a' }, '11')], permissions: [] }],
    );
    expect(p.scopes[0]!.requests).toMatchObject([
      {
        method: 'PUT',
        route: `/applications/{app}/guilds/${GUILD}/commands/{id}/permissions`,
        addresses: [`guild:${GUILD}/chat_input/a`],
      },
    ]);
    expect(p.summary.permissions).toBe(1);
  });

  it('bearer-missing counts the sets to write, and is silent when there are none or a token is there', () => {
    const d = [
      {
        scope: G,
        commands: [want('a'), want('b')],
        permissions: [
          { target: { kind: 'command' as const, name: 'a' }, entries: [entry('1')] },
          { target: { kind: 'application' as const }, entries: [entry('2')] },
        ],
      },
    ];
    const a = [
      {
        scope: G,
        commands: [remote({ name: 'a' }, '11'), remote({ name: 'b' }, '12')],
        permissions: [{ target: { kind: 'application' as const }, entries: [entry('2')] }],
      },
    ];
    const [w] = codes(plan(d, a, { canEditPermissions: false }), 'bearer-missing');
    expect(w!.message).toMatch(/^1 permission set\(s\) need a user's bearer token: set DISCORD_BEARER_TOKEN/);
    expect(codes(plan(d, a, { canEditPermissions: true }), 'bearer-missing')).toEqual([]);
    const same = [{ ...d[0]!, permissions: [{ target: { kind: 'application' as const }, entries: [entry('2')] }] }];
    expect(codes(plan(same, a, { canEditPermissions: false }), 'bearer-missing')).toEqual([]);
  });

  it('a global scope has no permission sets of its own', () => {
    const p = plan([{ scope: GLOBAL, commands: [want('a')] }], [{ scope: GLOBAL, commands: [remote({ name: 'a' })] }]);
    expect(p.scopes[0]!.permissions).toEqual([]);
  });
});

describe('daily creates', () => {
  const limits = resolveLimits({ daily_creates: 10 });

  it('a replace is a create too', () => {
    const p = plan(
      [{ scope: G, commands: [want('a'), { body: { name: 'b', type: 2 } }] }],
      [{ scope: G, commands: [remote({ name: 'b' })] }],
    );
    expect(p.scopes[0]).toMatchObject({ creates: 2 });
  });

  it('what was spent earlier today is shown with who counted it, only when something was', () => {
    const counted = (used: number) =>
      plan([{ scope: G, commands: many(1) }], [{ scope: G, commands: [] }], {
        limits,
        createsToday: { byScope: { [`guild:${GUILD}`]: used }, countedBy: 'emulator' },
      });
    expect(counted(3).scopes[0]!.creates_today).toEqual({ used: 3, counted_by: 'emulator' });
    expect(counted(0).scopes[0]!).not.toHaveProperty('creates_today');
    expect(
      plan([{ scope: G, commands: many(1) }], [{ scope: G, commands: [] }], { limits }).scopes[0]!,
    ).not.toHaveProperty('creates_today');
    expect(codes(counted(7), 'daily-creates')[0]!.message).toBe(
      `guild:${GUILD}: this plan creates 1 commands (7 more were created earlier today, counted by the emulator), 8 of the 10 the service allows per day in a scope: at most 2 would be left until the allowance resets.`,
    );
    const byLock = plan([{ scope: G, commands: many(2) }], [{ scope: G, commands: [] }], {
      limits,
      createsToday: { byScope: { [`guild:${GUILD}`]: 9 }, countedBy: 'lock-file' },
    });
    expect(byLock.errors).toEqual([
      {
        rule: 'daily-creates',
        severity: 'error',
        path: [],
        message: `guild:${GUILD}: this plan creates 2 commands (9 more were created earlier today, by cmdsync's own applies, as cmdsync.lock.json records; creates by other tools are not known), more than the 10 the service allows per day in a scope; apply refuses it without --exceed-daily-creates.`,
      },
    ]);
  });

  it('forced: a warning under the scope that says so, not an error', () => {
    const p = plan([{ scope: G, commands: many(11) }], [{ scope: G, commands: [] }], { limits, force: true });
    expect(p.errors).toEqual([]);
    expect(codes(p, 'daily-creates')).toEqual([
      {
        code: 'daily-creates',
        scope: `guild:${GUILD}`,
        address: `guild:${GUILD}`,
        message: `guild:${GUILD}: this plan creates 11 commands, more than the 10 the service allows per day in a scope (--exceed-daily-creates given: applying anyway).`,
      },
    ]);
  });

  it('no creates, no warning, however much was spent today', () => {
    const p = plan(
      [{ scope: G, commands: [want('a')] }],
      [{ scope: G, commands: [remote({ name: 'a', description: 'old' })] }],
      {
        limits,
        createsToday: { byScope: { [`guild:${GUILD}`]: 9 }, countedBy: 'emulator' },
      },
    );
    expect(codes(p, 'daily-creates')).toEqual([]);
  });

  it('a global scope is never judged by the allowance', () => {
    const p = plan([{ scope: GLOBAL, commands: many(9) }], [{ scope: GLOBAL, commands: [] }], { limits });
    expect(codes(p, 'daily-creates')).toEqual([]);
  });
});

describe('warnings', () => {
  it('a command the service holds twice', () => {
    const p = plan(
      [{ scope: GLOBAL, commands: [want('a')] }],
      [{ scope: GLOBAL, commands: [remote({ name: 'a' }), remote({ name: 'a' })] }],
    );
    expect(codes(p, 'duplicate-remote')).toEqual([
      {
        code: 'duplicate-remote',
        scope: 'global',
        message:
          'global/chat_input/a exists twice remotely (a service race); the extra copy is treated as not in the manifest.',
      },
    ]);
  });

  it('in a guild whose permissions were read, only a command with rows of its own loses them; elsewhere, always', () => {
    const actual = (permissions: PermissionSet[]) => [
      { scope: G, commands: [remote({ name: 'gone' }, '31')], permissions },
    ];
    const dropped = (permissions: PermissionSet[]) =>
      codes(plan([{ scope: G, commands: [] }], actual(permissions)), 'permissions-dropped');
    expect(dropped([rows('31')])).toEqual([
      {
        code: 'permissions-dropped',
        scope: `guild:${GUILD}`,
        address: `guild:${GUILD}/chat_input/gone`,
        message: `Deleting guild:${GUILD}/chat_input/gone also deletes its permission overwrites.`,
      },
    ]);
    expect(dropped([])).toEqual([]);
    expect(dropped([rows('32')])).toEqual([]);
    expect(dropped([rows('31', [])])).toEqual([]);
    expect(dropped([{ target: { kind: 'application' }, entries: [entry('1')] }])).toEqual([]);
    // Not read: it may have some.
    expect(
      codes(
        plan([{ scope: G, commands: [] }], [{ scope: G, commands: [remote({ name: 'gone' }, '31')] }]),
        'permissions-dropped',
      ),
    ).toHaveLength(1);
    // A global command's rows may be in any guild.
    expect(
      codes(
        plan(
          [{ scope: GLOBAL, commands: [] }],
          [{ scope: GLOBAL, commands: [remote({ name: 'gone' })], permissions: [] }],
        ),
        'permissions-dropped',
      ),
    ).toHaveLength(1);
  });

  it('a replace and a rename say what happens to the overwrites; an update says nothing', () => {
    const p = plan(
      [
        {
          scope: GLOBAL,
          commands: [{ body: { name: 'info', type: 2 } }, want('fresh', { renamedFrom: ['old'] }), want('edit')],
        },
      ],
      [
        {
          scope: GLOBAL,
          commands: [
            remote({ name: 'info' }),
            remote({ name: 'old' }),
            remote({ name: 'edit', description: 'before' }),
          ],
        },
      ],
    );
    expect(codes(p, 'permissions-dropped').map((w) => w.message)).toEqual([
      'Replacing global/user/info gives it a new id: its permission overwrites are lost (re-applied only where the manifest declares them).',
      expect.stringMatching(/^Renaming old to fresh keeps its id but the service deletes its permission overwrites/),
    ]);
  });
});

describe('the plan around the scopes', () => {
  it("carries the manifest's digest when given, and none otherwise", () => {
    expect(plan([], [], { manifestSha256: 'ab12' }).manifest_sha256).toBe('ab12');
    expect(plan([], [])).not.toHaveProperty('manifest_sha256');
  });
});

describe('webhooks in the plan', () => {
  const hook = (id: string, name: string, avatarHash: string | null = null): WebhookState => ({
    id,
    type: 1,
    channelId: '10',
    name,
    avatarHash,
    applicationId: APP,
  });
  const withHooks = (actual: WebhookState[], declared: WebhookState[] = []) =>
    plan([{ scope: GLOBAL, commands: [] }], [{ scope: GLOBAL, commands: [] }], {
      webhooks: { desired: { channels: ['10'], keep: [], webhooks: declared }, actual, lock: {} },
    });

  it("the fingerprint holds each webhook's id, channel, name and avatar, in id order", () => {
    expect(withHooks([hook('22', 'B', 'h2'), hook('21', 'A')]).fingerprint.webhooks).toEqual({
      commands: [
        ['21', '10|A|'],
        ['22', '10|B|h2'],
      ],
    });
    expect(withHooks([hook('21', 'A'), hook('22', 'B', 'h2')]).fingerprint.webhooks).toEqual(
      withHooks([hook('22', 'B', 'h2'), hook('21', 'A')]).fingerprint.webhooks,
    );
    expect(plan([{ scope: GLOBAL, commands: [] }], [{ scope: GLOBAL, commands: [] }]).fingerprint).not.toHaveProperty(
      'webhooks',
    );
  });

  it('a deleted webhook warns that its URL stops working; the summary counts webhook actions apart', () => {
    const p = withHooks(
      [hook('21', 'Old'), hook('22', 'Kept')],
      [
        { channelId: '10', name: 'Kept' },
        { channelId: '10', name: 'New' },
      ],
    );
    expect(codes(p, 'webhook-deleted')).toEqual([
      {
        code: 'webhook-deleted',
        address: 'channel:10/webhook/Old',
        message:
          'Deleting channel:10/webhook/Old stops its URL working: anything that posts to it (CI jobs, integrations) gets 404 Unknown Webhook.',
      },
    ]);
    expect(p.summary.webhooks).toEqual({ create: 1, update: 0, delete: 1 });
  });
});
