/**
 * One guild's permission sets as the planner decides them
 * (src/plan/permissions.ts planGuildPermissions): found by mutation testing
 * (docs/mutation.md), each test states what a user sees in the plan.
 */
import { describe, expect, it } from 'vitest';
import type { CommandAction } from '../../src/plan/model.js';
import { planGuildPermissions, type TargetIndex } from '../../src/plan/permissions.js';
import type { PermissionSet, ScopeState } from '../../src/wire/state.js';

const APP = '500';
const GUILD = '600';
const scope = { kind: 'guild', guildId: GUILD } as ScopeState['scope'];
const ROLE = { id: '700', type: 1, permission: true };
const USER = { id: '800', type: 2, permission: false };
const desired = (permissions?: PermissionSet[]): ScopeState => ({
  scope,
  commands: [],
  ...(permissions ? { permissions } : {}),
});
const actual = (permissions: PermissionSet[]): ScopeState => ({ scope, commands: [], permissions });
const forCommand = (name: string, entries = [ROLE], type?: number): PermissionSet => ({
  target: { kind: 'command', name, ...(type !== undefined ? { type } : {}) },
  entries,
});
const remoteSet = (id: string, entries = [ROLE]): PermissionSet => ({ target: { kind: 'command', id }, entries });
const action = (kind: CommandAction['kind'], name: string, id?: string, type = 1): CommandAction => ({
  kind,
  address: `guild:${GUILD}/chat_input/${name}`,
  type,
  name,
  changes: [],
  ...(id ? { remote: { id, name, type } } : {}),
});
const index = (guild: CommandAction[], global: CommandAction[] = []): TargetIndex => ({ guild, global });

describe('a set the manifest lists', () => {
  it('nothing is planned in a guild whose permissions the manifest does not declare', () => {
    expect(planGuildPermissions(APP, desired(), actual([remoteSet('1')]), index([action('noop', 'ban', '1')]))).toEqual(
      [],
    );
  });

  it('the application-wide set is a no-op when equal, else replaced, targeting * and the application id', () => {
    const app = (entries = [ROLE]): PermissionSet => ({ target: { kind: 'application' }, entries });
    const same = planGuildPermissions(APP, desired([app()]), actual([app()]), index([]));
    expect(same).toEqual([{ kind: 'noop', target: '*', commandId: APP, before: [ROLE], after: [ROLE] }]);
    const changed = planGuildPermissions(APP, desired([app([ROLE, USER])]), actual([app()]), index([]));
    expect(changed).toEqual([{ kind: 'replace', target: '*', commandId: APP, before: [ROLE], after: [ROLE, USER] }]);
  });

  it("an unchanged command's equal set is a no-op; a different one is replaced, with no reason to give", () => {
    const same = planGuildPermissions(
      APP,
      desired([forCommand('ban')]),
      actual([remoteSet('1')]),
      index([action('update', 'ban', '1')]),
    );
    expect(same).toEqual([
      { kind: 'noop', target: `guild:${GUILD}/chat_input/ban`, commandId: '1', before: [ROLE], after: [ROLE] },
    ]);
    const changed = planGuildPermissions(
      APP,
      desired([forCommand('ban', [USER])]),
      actual([remoteSet('1')]),
      index([action('noop', 'ban', '1')]),
    );
    expect(changed).toEqual([
      { kind: 'replace', target: `guild:${GUILD}/chat_input/ban`, commandId: '1', before: [ROLE], after: [USER] },
    ]);
  });

  it('is sent though it looks equal when the command is renamed, replaced or new: the service drops or never had it', () => {
    const run = (kind: CommandAction['kind'], id?: string) =>
      planGuildPermissions(
        APP,
        desired([forCommand('ban')]),
        actual(id ? [remoteSet(id)] : []),
        index([action(kind, 'ban', id)]),
      )[0];
    expect(run('rename', '1')).toMatchObject({
      kind: 'replace',
      commandId: '1',
      before: [],
      reason: 'a rename drops permissions',
    });
    expect(run('replace', '1')).toMatchObject({ kind: 'replace', before: [], reason: 'the new command has none yet' });
    expect(run('replace', '1')!.commandId).toBeUndefined();
    expect(run('create')).toMatchObject({ kind: 'replace', before: [], reason: 'new command' });
    expect(run('create')!.commandId).toBeUndefined();
  });

  it('an empty list for a new command is nothing to send', () => {
    const out = planGuildPermissions(
      APP,
      desired([forCommand('ban', [])]),
      actual([]),
      index([action('create', 'ban')]),
    );
    expect(out).toEqual([
      { kind: 'noop', target: `guild:${GUILD}/chat_input/ban`, commandId: undefined, before: [], after: [] },
    ]);
  });

  it("names the guild's command before a global one of that name, of the type written, and never one being deleted", () => {
    const globalBan = { ...action('noop', 'ban', '2'), address: 'global/chat_input/ban' };
    const guildBan = action('noop', 'ban', '1');
    const viaGuild = planGuildPermissions(
      APP,
      desired([forCommand('ban')]),
      actual([]),
      index([guildBan], [globalBan]),
    );
    expect(viaGuild[0]).toMatchObject({ target: `guild:${GUILD}/chat_input/ban`, commandId: '1' });
    const onlyGlobal = planGuildPermissions(
      APP,
      desired([forCommand('ban')]),
      actual([]),
      index([action('delete', 'ban', '1')], [globalBan]),
    );
    expect(onlyGlobal[0]).toMatchObject({ target: 'global/chat_input/ban', commandId: '2' });
    const userCommand = { ...action('noop', 'ban', '3', 2), address: `guild:${GUILD}/user/ban` };
    const typed = planGuildPermissions(
      APP,
      desired([forCommand('ban', [ROLE], 2)]),
      actual([]),
      index([guildBan, userCommand]),
    );
    expect(typed[0]).toMatchObject({ target: `guild:${GUILD}/user/ban`, commandId: '3' });
    const none = planGuildPermissions(APP, desired([forCommand('kick')]), actual([]), index([guildBan]));
    expect(none).toEqual([]);
  });
});

describe('a remote set the manifest does not list', () => {
  it('is cleared, named by its command when the plan knows it, else by its id; the application-wide one as *', () => {
    const out = planGuildPermissions(
      APP,
      desired([]),
      actual([remoteSet('1'), remoteSet('9'), { target: { kind: 'application' }, entries: [USER] }]),
      index([action('noop', 'ban', '1')]),
    );
    expect(out).toEqual([
      {
        kind: 'replace',
        target: `guild:${GUILD}/chat_input/ban`,
        commandId: '1',
        before: [ROLE],
        after: [],
        reason: 'not in the manifest',
      },
      {
        kind: 'replace',
        target: 'command 9',
        commandId: '9',
        before: [ROLE],
        after: [],
        reason: 'not in the manifest',
      },
      { kind: 'replace', target: '*', commandId: APP, before: [USER], after: [], reason: 'not in the manifest' },
    ]);
  });

  it('is left alone when empty, when its command is deleted or replaced anyway, or when the manifest lists it', () => {
    const out = planGuildPermissions(
      APP,
      desired([forCommand('keep')]),
      actual([remoteSet('1'), remoteSet('2'), remoteSet('3', []), remoteSet('4')]),
      index([action('delete', 'gone', '1'), action('replace', 'swap', '2'), action('noop', 'keep', '4')], []),
    );
    expect(out).toEqual([expect.objectContaining({ kind: 'noop', commandId: '4' })]);
  });
});
