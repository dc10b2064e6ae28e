import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import { formatPlanText } from '../../src/report/plan/index.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { PermissionEntry, PermissionSet, ScopeState, StateCommand } from '../../src/wire/state.js';

// What a permission-set change does in effect, evaluated with the access model before and after.
const APP = '100';
const GUILD = '2000';
const ALL_CHANNELS = '1999';
const MODS = '301';
const HELPERS = '302';
const MOD_LOG = '401';
const opts: PlanOptions = {
  strategy: 'auto',
  limits: resolveLimits(),
  canEditPermissions: true,
  force: false,
  cmdsyncVersion: 'test',
  readCount: 2,
};
const g = guildScope(GUILD);

const role = (id: string, permission: boolean): PermissionEntry => ({ id, type: 1, permission });
const channel = (id: string, permission: boolean): PermissionEntry => ({ id, type: 3, permission });
const remote = (id: string, body: Record<string, unknown>): StateCommand => ({
  id,
  version: '1',
  body: { id, application_id: APP, type: 1, description: 'D', default_member_permissions: null, ...body },
});
const want = (body: Record<string, unknown>): StateCommand => ({ body: { description: 'D', ...body } });
const ban = { name: 'ban', default_member_permissions: '4' };
const cmdSet = (name: string, entries: PermissionEntry[]): PermissionSet => ({
  target: { kind: 'command', name },
  entries,
});
const remoteSet = (id: string, entries: PermissionEntry[]): PermissionSet => ({
  target: { kind: 'command', id },
  entries,
});
const appSet = (entries: PermissionEntry[]): PermissionSet => ({ target: { kind: 'application' }, entries });

function plan(
  desired: PermissionSet[],
  actual: PermissionSet[],
  commands: Record<string, unknown>[] = [ban],
  global: StateCommand[] = [],
) {
  const d: ScopeState[] = [
    { scope: GLOBAL, commands: global },
    { scope: g, commands: commands.map(want), permissions: desired },
  ];
  const a: ScopeState[] = [
    { scope: GLOBAL, commands: global.map((c, i) => remote(String(90 + i), c.body)) },
    { scope: g, commands: commands.map((c, i) => remote(String(11 + i), c)), permissions: actual },
  ];
  return buildPlan({ applicationId: APP, scopes: d }, { applicationId: APP, scopes: a }, opts);
}
const effects = (p: ReturnType<typeof plan>) => p.scopes.flatMap((s) => s.permissions.flatMap((x) => x.effects ?? []));

describe('plan: what a permission change does in effect', () => {
  it('says which role loses a command, and where', () => {
    const p = plan([cmdSet('ban', [role(MODS, false)])], [remoteSet('11', [role(MODS, true)])]);
    expect(effects(p)).toEqual([`after apply: role ${MODS} can no longer use /ban in any channel`]);
  });

  it('narrows to the channels that changed', () => {
    const p = plan(
      [cmdSet('ban', [role(MODS, true), channel(MOD_LOG, true), channel(ALL_CHANNELS, false)])],
      [remoteSet('11', [role(MODS, true)])],
    );
    expect(effects(p)).toEqual([
      `after apply: role ${MODS} can no longer use /ban in all other channels`,
      'after apply: everyone else can no longer use /ban in all other channels',
    ]);
  });

  it('an app-level change reaches the commands without rows of their own', () => {
    const p = plan([appSet([role(HELPERS, false)])], [], [ban, { name: 'stats', default_member_permissions: null }]);
    expect(effects(p)).toEqual([
      `after apply: role ${HELPERS} can no longer use /ban in any channel`,
      `after apply: role ${HELPERS} can no longer use /stats in any channel`,
    ]);
  });

  it('an app-level allow is shown as still needing default_member_permissions', () => {
    const p = plan([appSet([role(HELPERS, true), role(GUILD, false)])], [], [ban]);
    expect(effects(p)).toEqual(['after apply: everyone else can no longer use /ban in any channel']);
  });

  it('default_permission: false (deprecated) counts as "0": only the role the rows open it to gains it, and the command is unchanged', () => {
    const purge = { name: 'purge', default_permission: false };
    const d: ScopeState[] = [
      { scope: GLOBAL, commands: [] },
      { scope: g, commands: [want(purge)], permissions: [cmdSet('purge', [role(MODS, true)])] },
    ];
    // The service stores it as "0".
    const a: ScopeState[] = [
      { scope: GLOBAL, commands: [] },
      { scope: g, commands: [remote('11', { name: 'purge', default_member_permissions: '0' })], permissions: [] },
    ];
    const p = buildPlan({ applicationId: APP, scopes: d }, { applicationId: APP, scopes: a }, opts);
    expect(effects(p)).toEqual([`after apply: role ${MODS} can now use /purge in every channel`]);
    expect(p.scopes.flatMap((s) => s.actions).filter((c) => c.kind !== 'noop')).toEqual([]);
  });

  it('says who gains a command', () => {
    const p = plan([cmdSet('ban', [role(HELPERS, true)])], []);
    expect(effects(p)).toEqual([
      `after apply: role ${HELPERS} can now use /ban in every channel without needing BAN_MEMBERS`,
    ]);
  });

  it('a lock-out of everyone but administrators is a warning', () => {
    const p = plan([cmdSet('ban', [role(GUILD, false), role(MODS, false)])], [remoteSet('11', [role(MODS, true)])]);
    expect(p.warnings).toContainEqual({
      code: 'access-locked',
      scope: `guild:${GUILD}`,
      message: `After apply only administrators can use /ban in guild ${GUILD}: every role, user and channel its rows name is denied.`,
    });
    const text = formatPlanText(p);
    expect(text).toContain(`after apply: role ${MODS} can no longer use /ban in any channel`);
  });

  it('no effect, no words; a set that changes nothing in effect says so', () => {
    expect(effects(plan([cmdSet('ban', [role(MODS, true)])], [remoteSet('11', [role(MODS, true)])]))).toEqual([]);
    const p = plan([cmdSet('ban', [role(MODS, true), channel(MOD_LOG, true)])], [remoteSet('11', [role(MODS, true)])]);
    expect(effects(p)).toEqual(["after apply: nobody's access changes"]);
    expect(p.warnings.map((w) => w.code)).not.toContain('access-locked');
  });
});
