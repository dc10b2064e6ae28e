import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import { appliedCreates, massDeletionMessage } from '../../src/plan/model.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { ScopeState, StateCommand } from '../../src/wire/state.js';

/**
 * A plan that empties or mostly empties a scope is flagged before anything is
 * deleted (src/plan/model.ts); and which creates an apply spent counts against
 * the daily allowance. Found by mutants that survived the suite (docs/mutation.md).
 */

const APP = '100';
const opts: PlanOptions = {
  strategy: 'auto',
  limits: resolveLimits(),
  canEditPermissions: true,
  force: false,
  cmdsyncVersion: 'test',
  readCount: 1,
};
let seq = 1000;
const remote = (name: string, type = 1): StateCommand => {
  const id = String(seq++);
  return {
    id,
    version: '1',
    body: {
      id,
      application_id: APP,
      version: '1',
      type,
      name,
      description: name,
      nsfw: false,
      default_member_permissions: null,
    },
  };
};
const want = (name: string): StateCommand => ({ body: { name, description: name } });
const plan = (desired: StateCommand[], actual: StateCommand[], scope = GLOBAL) =>
  buildPlan(
    { applicationId: APP, scopes: [{ scope, commands: desired }] },
    { applicationId: APP, scopes: [{ scope, commands: actual } as ScopeState] },
    opts,
  );

describe('mass deletions', () => {
  it('deleting every remote command is flagged, first among the warnings', () => {
    const p = plan([], [remote('a'), remote('b'), remote('c')]);
    expect(p.mass_deletions).toEqual([{ scope: 'global', delete: 3, remote: 3 }]);
    expect(p.warnings[0]).toMatchObject({ code: 'mass-delete', scope: 'global' });
    expect(p.warnings[0]!.message).toMatch(/^this plan deletes all 3 commands of global\. .*--allow-mass-delete\.$/);
  });

  it('the only command: "all 1 command"', () => {
    const p = plan([], [remote('a')], guildScope('42'));
    expect(p.mass_deletions).toEqual([{ scope: 'guild:42', delete: 1, remote: 1 }]);
    expect(p.warnings[0]!.message).toMatch(/^this plan deletes all 1 command of guild:42\. /);
  });

  it('more than half is flagged; half is not', () => {
    const most = plan([want('c')], [remote('a'), remote('b'), remote('c')]);
    expect(most.mass_deletions).toEqual([{ scope: 'global', delete: 2, remote: 3 }]);
    expect(most.warnings[0]!.message).toMatch(/^this plan deletes 2 of the 3 commands of global\. /);
    const half = plan([want('c'), want('d')], [remote('a'), remote('b'), remote('c'), remote('d')]);
    expect(half.mass_deletions).toEqual([]);
    expect(half.warnings.map((w) => w.code)).not.toContain('mass-delete');
  });

  it('the remote count includes the commands the manifest keeps, not the ones it creates', () => {
    // The service's entry point is kept (no entry point declared): 2 of the 3 remote commands go.
    const kept = plan([], [remote('Launch', 4), remote('a'), remote('b')]);
    expect(kept.mass_deletions).toEqual([{ scope: 'global', delete: 2, remote: 3 }]);
    // Three creates and one delete: the one remote command goes, all of it.
    const replaced = plan([want('x'), want('y'), want('z')], [remote('a')]);
    expect(replaced.mass_deletions).toEqual([{ scope: 'global', delete: 1, remote: 1 }]);
  });

  it('nothing deleted, nothing flagged, even in an empty scope', () => {
    expect(plan([want('a')], []).mass_deletions).toEqual([]);
    expect(plan([], []).mass_deletions).toEqual([]);
  });

  it('the message says what part of the scope goes', () => {
    expect(massDeletionMessage({ scope: 'guild:7', delete: 2, remote: 2 })).toMatch(
      /^this plan deletes all 2 commands of guild:7\. If that is not what you meant/,
    );
    expect(massDeletionMessage({ scope: 'global', delete: 3, remote: 5 })).toMatch(
      /^this plan deletes 3 of the 5 commands of global\. /,
    );
  });
});

describe('appliedCreates', () => {
  it('counts, per scope, the creates and replaces that were carried out, and nothing else', () => {
    const p = buildPlan(
      {
        applicationId: APP,
        scopes: [
          {
            scope: GLOBAL,
            commands: [want('new'), want('also-new'), { body: { name: 'info', type: 2 } }, want('edit')],
          },
          { scope: guildScope('42'), commands: [want('g')] },
          { scope: guildScope('43'), commands: [want('h')] },
        ],
      },
      {
        applicationId: APP,
        scopes: [
          {
            scope: GLOBAL,
            commands: [
              remote('info'),
              { ...remote('edit'), body: { ...remote('edit').body, description: 'old' } },
              remote('gone'),
            ],
          },
          { scope: guildScope('42'), commands: [] },
          { scope: guildScope('43'), commands: [] },
        ],
      },
      opts,
    );
    const all = p.scopes.flatMap((s) => s.actions.map((a) => ({ address: a.address, kind: a.kind })));
    expect(all.map((a) => `${a.kind} ${a.address}`)).toEqual([
      'create global/chat_input/new',
      'create global/chat_input/also-new',
      'replace global/user/info',
      'update global/chat_input/edit',
      'delete global/chat_input/gone',
      'create guild:42/chat_input/g',
      'create guild:43/chat_input/h',
    ]);
    expect(appliedCreates(p, all)).toEqual({ global: 3, 'guild:42': 1, 'guild:43': 1 });
    // Only what was carried out: an apply stopped after the first create and the replace, and one guild.
    const some = all.filter((a) =>
      ['global/chat_input/new', 'global/user/info', 'global/chat_input/edit', 'guild:43/chat_input/h'].includes(
        a.address,
      ),
    );
    expect(appliedCreates(p, some)).toEqual({ global: 2, 'guild:43': 1 });
    // An address carried out as something else (say, a create reported as an update) is not a create.
    expect(appliedCreates(p, [{ address: 'global/chat_input/new', kind: 'update' }])).toEqual({});
  });
});
