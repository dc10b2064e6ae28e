import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { ScopeState, State, StateCommand } from '../../src/wire/state.js';

const APP = '100';
const GUILD = '200';
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
    description: '',
    ...body,
  },
});
const want = (body: Record<string, unknown>, extra: Partial<StateCommand> = {}): StateCommand => ({ body, ...extra });
const state = (scopes: ScopeState[]): State => ({ applicationId: APP, scopes });
const plan = (d: ScopeState[], a: ScopeState[], o: Partial<PlanOptions> = {}) =>
  buildPlan(state(d), state(a), { ...opts, ...o });
const kinds = (p: ReturnType<typeof plan>) => p.scopes.flatMap((s) => s.actions.map((a) => `${a.kind} ${a.address}`));

describe('actions', () => {
  it('creates, updates, deletes and leaves equal commands alone', () => {
    const p = plan(
      [
        {
          scope: GLOBAL,
          commands: [
            want({ name: 'new', description: 'N' }),
            want({ name: 'same', description: 'S' }),
            want({ name: 'edit', description: 'after' }),
          ],
        },
      ],
      [
        {
          scope: GLOBAL,
          commands: [
            remote({ name: 'same', description: 'S' }),
            remote({ name: 'edit', description: 'before' }),
            remote({ name: 'gone', description: 'G' }),
          ],
        },
      ],
    );
    expect(kinds(p)).toEqual([
      'create global/chat_input/new',
      'noop global/chat_input/same',
      'update global/chat_input/edit',
      'delete global/chat_input/gone',
    ]);
    expect(p.scopes[0].actions[2].changes).toEqual([{ path: 'description', before: 'before', after: 'after' }]);
    expect(p.summary).toMatchObject({ create: 1, update: 1, delete: 1 });
  });

  it('renames in place from renamed_from or a pinned id, keeping the id', () => {
    const old = remote({ name: 'old', description: 'D' }, '555');
    const pinned = remote({ name: 'was-pinned', description: 'D' }, '777');
    const p = plan(
      [
        {
          scope: GLOBAL,
          commands: [
            want({ name: 'fresh', description: 'D' }, { renamedFrom: ['old'] }),
            want({ name: 'now-pinned', description: 'D' }, { id: '777' }),
          ],
        },
      ],
      [{ scope: GLOBAL, commands: [old, pinned] }],
    );
    expect(kinds(p)).toEqual(['rename global/chat_input/fresh', 'rename global/chat_input/now-pinned']);
    expect(p.scopes[0].actions.map((a) => a.remote?.id)).toEqual(['555', '777']);
    expect(p.warnings.map((w) => w.code)).toEqual(['permissions-dropped', 'permissions-dropped']);
  });

  it('replaces a command whose type changed (the service cannot change types)', () => {
    const p = plan(
      [{ scope: GLOBAL, commands: [want({ type: 2, name: 'info' })] }],
      [{ scope: GLOBAL, commands: [remote({ name: 'info', description: 'I' })] }],
    );
    expect(kinds(p)).toEqual(['replace global/user/info']);
    expect(p.scopes[0].strategy).toBe('bulk');
  });

  it('keeps what the manifest does not own: prune: false, and the auto-created entry point', () => {
    const launch = remote({ type: 4, name: 'Launch', description: 'Launch an activity', handler: 2 });
    const p = plan(
      [
        { scope: GLOBAL, commands: [] },
        { scope: guildScope(GUILD), commands: [], prune: false },
      ],
      [
        { scope: GLOBAL, commands: [launch] },
        { scope: guildScope(GUILD), commands: [remote({ name: 'theirs', description: 'T' })] },
      ],
    );
    expect(kinds(p)).toEqual([]);
    expect(p.scopes.flatMap((s) => s.kept.map((k) => k.address))).toEqual([
      'global/primary_entry_point/Launch',
      `guild:${GUILD}/chat_input/theirs`,
    ]);
    expect(p.request_count).toBe(0);
  });

  it('a declared entry point is the existing one, whatever its name: one rename in place, id kept, nothing deleted', () => {
    const launch = remote({ type: 4, name: 'Launch', description: 'L', handler: 2 }, '4444');
    for (const strategy of ['bulk', 'individual'] as const) {
      const p = plan(
        [{ scope: GLOBAL, commands: [want({ type: 4, name: 'launch', description: 'Start', handler: 1 })] }],
        [{ scope: GLOBAL, commands: [launch] }],
        { strategy },
      );
      expect(kinds(p)).toEqual(['rename global/primary_entry_point/launch']);
      const [action] = p.scopes[0].actions;
      expect(action.remote?.id).toBe('4444');
      expect(action.changes.map((c) => [c.path, c.before, c.after])).toEqual(
        expect.arrayContaining([
          ['name', 'Launch', 'launch'],
          ['handler', 2, 1],
          ['description', 'L', 'Start'],
        ]),
      );
      expect(p.mass_deletions).toEqual([]);
      expect(p.summary).toMatchObject({ create: 0, delete: 0, rename: 1 });
      expect(p.request_count).toBe(1);
      expect(p.scopes[0].requests[0].method).toBe(strategy === 'bulk' ? 'PUT' : 'PATCH');
    }
  });

  it('the entry point is matched by type only when the manifest has no exact match; other remote commands still go', () => {
    const launch = remote({ type: 4, name: 'Launch', description: 'L', handler: 2 });
    const p = plan(
      [{ scope: GLOBAL, commands: [want({ type: 4, name: 'launch', description: 'Start', handler: 1 })] }],
      [{ scope: GLOBAL, commands: [launch, remote({ name: 'old', description: 'O' })] }],
    );
    expect(kinds(p)).toEqual(['rename global/primary_entry_point/launch', 'delete global/chat_input/old']);
  });
});

describe('requests and strategy', () => {
  const three = [
    want({ name: 'a', description: 'A' }),
    want({ name: 'b', description: 'B' }),
    want({ name: 'c', description: 'C' }),
  ];
  it('one change: one per-command request (a tie goes to the narrower call)', () => {
    const p = plan([{ scope: GLOBAL, commands: three.slice(0, 1) }], [{ scope: GLOBAL, commands: [] }]);
    expect(p.scopes[0]).toMatchObject({ strategy: 'individual', requests: [{ method: 'POST' }] });
  });
  it('several changes: one bulk overwrite', () => {
    const p = plan([{ scope: GLOBAL, commands: three }], [{ scope: GLOBAL, commands: [] }]);
    expect(p.scopes[0]).toMatchObject({ strategy: 'bulk', requests: [{ method: 'PUT' }] });
    expect(p.request_count).toBe(1);
  });
  it('honours --strategy individual, deletes first', () => {
    const p = plan(
      [{ scope: GLOBAL, commands: three }],
      [{ scope: GLOBAL, commands: [remote({ name: 'z', description: 'Z' })] }],
      { strategy: 'individual' },
    );
    expect(p.scopes[0].requests.map((r) => r.method)).toEqual(['DELETE', 'POST', 'POST', 'POST']);
  });
  it('no changes: no requests', () => {
    const p = plan(
      [{ scope: GLOBAL, commands: [want({ name: 'a', description: 'A' })] }],
      [{ scope: GLOBAL, commands: [remote({ name: 'a', description: 'A' })] }],
    );
    expect(p.request_count).toBe(0);
  });
  it('refuses more creates than the daily allowance unless told to exceed it', () => {
    const many = Array.from({ length: 3 }, (_, i) => want({ name: `c${i}`, description: 'C' }));
    const limits = resolveLimits({ daily_creates: 2 });
    expect(
      plan([{ scope: guildScope(GUILD), commands: many }], [{ scope: guildScope(GUILD), commands: [] }], {
        limits,
      }).errors.map((e) => e.rule),
    ).toEqual(['daily-creates']);
    expect(
      plan([{ scope: guildScope(GUILD), commands: many }], [{ scope: guildScope(GUILD), commands: [] }], {
        limits,
        force: true,
      }).errors,
    ).toEqual([]);
    // The spec limits creates per guild; global creates are counted by the service, never refused.
    const global = plan([{ scope: GLOBAL, commands: many }], [{ scope: GLOBAL, commands: [] }], { limits });
    expect(global.errors).toEqual([]);
    expect(global.scopes[0]!.create_allowance).toBeUndefined();
  });
  it('warns, under the scope, when a plan spends most of the daily allowance (what is left for the rest of the day)', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => want({ name: `c${i}`, description: 'C' }));
    const limits = resolveLimits({ daily_creates: 10 });
    const near = plan([{ scope: guildScope(GUILD), commands: make(8) }], [{ scope: guildScope(GUILD), commands: [] }], {
      limits,
    });
    expect(near.errors).toEqual([]);
    expect(near.warnings.filter((w) => w.code === 'daily-creates')).toEqual([
      {
        code: 'daily-creates',
        scope: `guild:${GUILD}`,
        address: `guild:${GUILD}`,
        message: `guild:${GUILD}: this plan creates 8 commands, 8 of the 10 the service allows per day in a scope: at most 2 would be left until the allowance resets.`,
      },
    ]);
    expect(
      plan([{ scope: guildScope(GUILD), commands: make(7) }], [{ scope: guildScope(GUILD), commands: [] }], {
        limits,
      }).warnings.filter((w) => w.code === 'daily-creates'),
    ).toEqual([]);
  });
});

describe('permissions', () => {
  const g = guildScope(GUILD);
  const entry = (id: string, permission = true) => ({ id, type: 1, permission });
  it('replaces a differing set, leaves an equal one, clears an unlisted one', () => {
    const a = remote({ name: 'a', description: 'A' }, '11');
    const b = remote({ name: 'b', description: 'B' }, '12');
    const c = remote({ name: 'c', description: 'C' }, '13');
    const p = plan(
      [
        {
          scope: g,
          commands: [
            want({ name: 'a', description: 'A' }),
            want({ name: 'b', description: 'B' }),
            want({ name: 'c', description: 'C' }),
          ],
          permissions: [
            { target: { kind: 'command', name: 'a' }, entries: [entry('1')] },
            { target: { kind: 'command', name: 'b' }, entries: [entry('2'), entry('3')] },
          ],
        },
      ],
      [
        {
          scope: g,
          commands: [a, b, c],
          permissions: [
            { target: { kind: 'command', id: '11' }, entries: [entry('1', false)] },
            { target: { kind: 'command', id: '12' }, entries: [entry('3'), entry('2')] },
            { target: { kind: 'command', id: '13' }, entries: [entry('4')] },
          ],
        },
      ],
    );
    expect(p.scopes[0].permissions.map((x) => `${x.kind} ${x.target}`)).toEqual([
      `replace guild:${GUILD}/chat_input/a`,
      `noop guild:${GUILD}/chat_input/b`,
      `replace guild:${GUILD}/chat_input/c`,
    ]);
    expect(p.scopes[0].permissions[2].after).toEqual([]);
    expect(p.request_count).toBe(2);
  });
  it('re-applies the set of a renamed command even if it looked equal', () => {
    const old = remote({ name: 'old', description: 'D' }, '21');
    const p = plan(
      [
        {
          scope: g,
          commands: [want({ name: 'new', description: 'D' }, { renamedFrom: ['old'] })],
          permissions: [{ target: { kind: 'command', name: 'new' }, entries: [entry('1')] }],
        },
      ],
      [{ scope: g, commands: [old], permissions: [{ target: { kind: 'command', id: '21' }, entries: [entry('1')] }] }],
    );
    expect(p.scopes[0].permissions).toMatchObject([
      { kind: 'replace', commandId: '21', reason: 'a rename drops permissions' },
    ]);
  });
  it('warns when no bearer token can apply them', () => {
    const p = plan(
      [
        {
          scope: g,
          commands: [want({ name: 'a', description: 'A' })],
          permissions: [{ target: { kind: 'application' }, entries: [entry('1')] }],
        },
      ],
      [{ scope: g, commands: [], permissions: [] }],
      { canEditPermissions: false },
    );
    expect(p.warnings.map((w) => w.code)).toContain('bearer-missing');
  });
});
