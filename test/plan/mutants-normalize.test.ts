import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import { diffValues } from '../../src/plan/diff.js';
import { alignUnmanaged, normalizeCommand } from '../../src/plan/normalize.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL } from '../../src/wire/scope.js';
import type { StateCommand } from '../../src/wire/state.js';

/**
 * The normalizer, the field diff and the pairing of commands at their edges
 * (src/plan/normalize.ts, diff.ts, match.ts). Found by mutants that survived
 * the suite (docs/mutation.md).
 */

type Obj = Record<string, unknown>;

describe('normalizeCommand', () => {
  it('orders localization keys, at every level, so a saved plan reads the same whatever order the service answered in', () => {
    const n = normalizeCommand(
      {
        name: 'ping',
        description: 'Ping',
        name_localizations: { fr: 'a', de: 'b', 'es-ES': 'c' },
        options: [
          {
            type: 1,
            name: 'sub',
            description: 'S',
            description_localizations: { ja: 'x', da: 'y' },
            options: [
              {
                type: 3,
                name: 'o',
                description: 'O',
                name_localizations: { uk: 'u', bg: 'v' },
                choices: [{ name: 'c', value: 'c', name_localizations: { tr: 't', cs: 's' } }],
              },
            ],
          },
        ],
      },
      GLOBAL,
    );
    expect(Object.keys(n.name_localizations as Obj)).toEqual(['de', 'es-ES', 'fr']);
    const sub = (n.options as Obj[])[0]!;
    expect(Object.keys(sub.description_localizations as Obj)).toEqual(['da', 'ja']);
    const opt = (sub.options as Obj[])[0]!;
    expect(Object.keys(opt.name_localizations as Obj)).toEqual(['bg', 'uk']);
    expect(Object.keys((opt.choices as Obj[])[0]!.name_localizations as Obj)).toEqual(['cs', 'tr']);
  });

  it('channel types are a set, inside subcommands too', () => {
    const n = normalizeCommand(
      {
        name: 'ping',
        description: 'Ping',
        options: [
          {
            type: 1,
            name: 'sub',
            description: 'S',
            options: [{ type: 7, name: 'ch', description: 'C', channel_types: [5, 0, 5, 2] }],
          },
        ],
      },
      GLOBAL,
    );
    expect(((n.options as Obj[])[0]!.options as Obj[])[0]!.channel_types).toEqual([0, 2, 5]);
  });

  it('every context is "never set" (null); some of them, even three, is a real value', () => {
    expect(normalizeCommand({ name: 'p', description: 'P', contexts: [2, 1, 0] }, GLOBAL).contexts).toBeNull();
    expect(normalizeCommand({ name: 'p', description: 'P', contexts: [1, 0] }, GLOBAL).contexts).toEqual([0, 1]);
    expect(normalizeCommand({ name: 'p', description: 'P', contexts: [0, 1, 3] }, GLOBAL).contexts).toEqual([0, 1, 3]);
    expect(normalizeCommand({ name: 'p', description: 'P', contexts: [0, 2, 4] }, GLOBAL).contexts).toEqual([0, 2, 4]);
  });
});

describe('alignUnmanaged', () => {
  const remote = normalizeCommand(
    { id: '1', type: 1, name: 'p', description: 'P', integration_types: [0, 1], dm_permission: false, contexts: [0] },
    GLOBAL,
  );

  it('integration_types written as null is left to the application, like one not written', () => {
    const body = { name: 'p', description: 'P', integration_types: null, contexts: [0] };
    expect(alignUnmanaged(normalizeCommand(body, GLOBAL), body, remote).integration_types).toEqual([0, 1]);
  });

  it('dm_permission is not compared once contexts are written, and is otherwise', () => {
    const withContexts = { name: 'p', description: 'P', integration_types: [0, 1], contexts: [0], dm_permission: true };
    expect(diffValues(remote, alignUnmanaged(normalizeCommand(withContexts, GLOBAL), withContexts, remote))).toEqual(
      [],
    );
    const without = { name: 'p', description: 'P', integration_types: [0, 1], dm_permission: true };
    const r = normalizeCommand(
      { id: '1', type: 1, name: 'p', description: 'P', integration_types: [0, 1], dm_permission: false },
      GLOBAL,
    );
    expect(diffValues(r, alignUnmanaged(normalizeCommand(without, GLOBAL), without, r)).map((c) => c.path)).toEqual([
      'dm_permission',
    ]);
  });

  it('handler belongs to the entry point only', () => {
    const chat = { type: 1, name: 'p', description: 'P', handler: 2 };
    expect(alignUnmanaged(normalizeCommand(chat, GLOBAL), chat, remote)).not.toHaveProperty('handler');
    const entry = { type: 4, name: 'launch', description: 'L', handler: 2 };
    expect(alignUnmanaged(normalizeCommand(entry, GLOBAL), entry, remote)).toHaveProperty('handler', 2);
  });
});

describe('diffValues: lists', () => {
  it('a list of objects that was empty, or becomes empty, is one change of the whole list', () => {
    expect(diffValues({ options: [] }, { options: [{ name: 'a' }] })).toEqual([
      { path: 'options', before: [], after: [{ name: 'a' }] },
    ]);
    expect(diffValues({ options: [{ name: 'a' }] }, { options: [] })).toEqual([
      { path: 'options', before: [{ name: 'a' }], after: [] },
    ]);
  });

  it('lists of objects compare by position, naming each field that changed', () => {
    expect(diffValues({ options: [{ name: 'a', x: 1 }] }, { options: [{ name: 'a', x: 2 }, { name: 'b' }] })).toEqual([
      { path: 'options[0].x', before: 1, after: 2 },
      { path: 'options[1]', after: { name: 'b' } },
    ]);
  });
});

describe('pairing and the requests it leads to', () => {
  const APP = '100';
  const opts: PlanOptions = {
    strategy: 'individual',
    limits: resolveLimits(),
    canEditPermissions: true,
    force: false,
    cmdsyncVersion: 'test',
    readCount: 1,
  };
  let seq = 5000;
  const remote = (body: Obj): StateCommand => {
    const id = String(seq++);
    return {
      id,
      version: '1',
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
    };
  };
  const plan = (desired: StateCommand[], actual: StateCommand[], prune?: false) =>
    buildPlan(
      { applicationId: APP, scopes: [{ scope: GLOBAL, commands: desired, ...(prune === false ? { prune } : {}) }] },
      { applicationId: APP, scopes: [{ scope: GLOBAL, commands: actual }] },
      opts,
    );

  it('an edit that drops a field sends it at its default, or the service keeps the old value', () => {
    const old = remote({
      name: 'p',
      name_localizations: { fr: 'pe' },
      options: [{ type: 3, name: 'o', description: 'O' }],
    });
    const [a] = plan([{ body: { name: 'p', description: 'D' } }], [old]).scopes[0]!.actions;
    expect(a!.kind).toBe('update');
    expect(a!.body).toMatchObject({ name_localizations: null, options: [] });
    expect(a!.body).not.toHaveProperty('type');
  });

  it("a create's changes are the fields the manifest sets, never a value the service fills in as null", () => {
    const [a] = plan([{ body: { name: 'p', description: 'D', nsfw: true } }], []).scopes[0]!.actions;
    expect(a!.kind).toBe('create');
    expect(a!.changes.map((c) => c.path)).toContain('nsfw');
    expect(a!.changes.filter((c) => c.after === null)).toEqual([]);
    expect(a!.changes.map((c) => c.path)).not.toContain('default_member_permissions');
  });

  it('each action keeps where its command is written, for errors mapped back to the manifest', () => {
    const origin = { file: 'cmdsync.yaml', path: ['commands', 0] };
    const [a] = plan([{ body: { name: 'p', description: 'D' }, origin }], []).scopes[0]!.actions;
    expect(a!.origin).toEqual(origin);
  });

  it('why each command is replaced, renamed or kept', () => {
    const p = plan(
      [
        { body: { name: 'info', type: 2 } },
        { body: { name: 'fresh', description: 'D' }, renamedFrom: ['gone', 'old'] },
      ],
      [remote({ name: 'info' }), remote({ name: 'old' }), remote({ type: 4, name: 'Launch', handler: 2 })],
    );
    expect(p.scopes[0]!.actions.map((a) => [a.kind, a.reason])).toEqual([
      ['replace', 'type changed'],
      ['rename', 'renamed from "old"'],
    ]);
    expect(p.scopes[0]!.kept.map((k) => k.reason)).toEqual([
      "the entry point command of the app's Activity (declare a primary_entry_point command to manage it)",
    ]);
    const unpruned = plan([], [remote({ name: 'theirs' })], false);
    expect(unpruned.scopes[0]!.kept.map((k) => [k.address, k.reason])).toEqual([
      ['global/chat_input/theirs', 'not in the manifest (prune: false)'],
    ]);
    expect(unpruned.scopes[0]!.actions).toEqual([]);
  });

  it('a declared entry point takes the existing one, named otherwise, and says why', () => {
    const p = plan(
      [{ body: { type: 4, name: 'play', description: 'Play', handler: 2 } }],
      [remote({ type: 4, name: 'Launch', handler: 2 })],
    );
    expect(p.scopes[0]!.actions.map((a) => [a.kind, a.reason])).toEqual([
      ['rename', "the application's entry point (it has at most one)"],
    ]);
    expect(p.scopes[0]!.kept).toEqual([]);
  });
});
