import { PLAN_FORMAT_VERSION, type CommandAction, type Plan, type ScopePlan } from '../../src/plan/model.js';

/** Plans built by hand: every action kind, permissions, kept commands, warnings. */

export const GUILD = '111111111111111111';

export function action(a: Partial<CommandAction> & Pick<CommandAction, 'kind' | 'address' | 'name'>): CommandAction {
  return { type: 1, changes: [], ...a };
}

export function scope(s: Partial<ScopePlan> & Pick<ScopePlan, 'key' | 'scope'>): ScopePlan {
  return { actions: [], permissions: [], kept: [], strategy: 'individual', requests: [], creates: 0, ...s };
}

export function basePlan(p: Partial<Plan> = {}): Plan {
  return {
    format_version: PLAN_FORMAT_VERSION,
    cmdsync_version: '0.1.0',
    application_id: '999',
    created_at: '2025-01-01T00:00:00.000Z',
    scopes: [],
    summary: { create: 0, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 },
    request_count: 0,
    read_count: 2,
    warnings: [],
    errors: [],
    fingerprint: {},
    ...p,
  };
}

export function fullPlan(): Plan {
  const global = scope({
    key: 'global',
    scope: { kind: 'global' },
    actions: [
      action({
        kind: 'create',
        address: 'global/chat_input/ping',
        name: 'ping',
        body: { name: 'ping', description: 'Pong!', type: 1 },
      }),
      action({
        kind: 'update',
        address: 'global/chat_input/echo',
        name: 'echo',
        remote: { id: '10', version: '100', name: 'echo', type: 1 },
        body: { name: 'echo', description: 'b' },
        changes: [
          { path: 'description', before: 'a', after: 'b' },
          { path: 'options[2]', after: { type: 3, name: 'x', description: 'y' } },
          { path: 'nsfw', before: true },
        ],
      }),
      action({
        kind: 'rename',
        address: 'global/chat_input/hi',
        name: 'hi',
        remote: { id: '11', version: '101', name: 'hello', type: 1 },
        body: { name: 'hi', description: 'Say hi' },
        changes: [{ path: 'name', before: 'hello', after: 'hi' }],
        reason: 'renamed_from',
      }),
      action({
        kind: 'noop',
        address: 'global/chat_input/same',
        name: 'same',
        remote: { id: '12', name: 'same', type: 1 },
      }),
      action({
        kind: 'delete',
        address: 'global/chat_input/old',
        name: 'old',
        remote: { id: '13', version: '103', name: 'old', type: 1 },
        reason: 'not in manifest',
      }),
    ],
    kept: [
      {
        address: 'global/primary_entry_point/launch',
        id: '14',
        reason: 'auto-created entry point',
        body: { id: 'x', name: 'launch', type: 4 },
      },
    ],
    requests: [
      {
        kind: 'command-create',
        method: 'POST',
        route: '/applications/{app}/commands',
        addresses: ['global/chat_input/ping'],
      },
      {
        kind: 'command-edit',
        method: 'PATCH',
        route: '/applications/{app}/commands/{id}',
        addresses: ['global/chat_input/echo'],
      },
      {
        kind: 'command-edit',
        method: 'PATCH',
        route: '/applications/{app}/commands/{id}',
        addresses: ['global/chat_input/hi'],
      },
      {
        kind: 'command-delete',
        method: 'DELETE',
        route: '/applications/{app}/commands/{id}',
        addresses: ['global/chat_input/old'],
      },
    ],
    creates: 1,
  });
  const guild = scope({
    key: `guild:${GUILD}`,
    scope: { kind: 'guild', guildId: GUILD },
    actions: [
      action({
        kind: 'replace',
        address: `guild:${GUILD}/message/Profile`,
        name: 'Profile',
        type: 3,
        remote: { id: '20', version: '200', name: 'Profile', type: 2 },
        body: { name: 'Profile', type: 3 },
        changes: [{ path: 'type', before: 2, after: 3 }],
        reason: 'type changed',
      }),
    ],
    permissions: [
      {
        kind: 'replace',
        target: '*',
        before: [{ id: '456', type: 2, permission: false }],
        after: [
          { id: '123', type: 1, permission: true },
          { id: GUILD, type: 1, permission: false },
        ],
      },
      {
        kind: 'replace',
        target: `guild:${GUILD}/message/Profile`,
        commandId: '20',
        before: [{ id: '5', type: 3, permission: true }],
        after: [{ id: '5', type: 3, permission: true }],
        reason: 'replaced command gets a new id',
      },
      { kind: 'noop', target: `guild:${GUILD}/chat_input/quiet`, commandId: '21', before: [], after: [] },
    ],
    requests: [
      {
        kind: 'command-delete',
        method: 'DELETE',
        route: '/applications/{app}/guilds/{guild}/commands/{id}',
        addresses: [`guild:${GUILD}/message/Profile`],
      },
      {
        kind: 'command-create',
        method: 'POST',
        route: '/applications/{app}/guilds/{guild}/commands',
        addresses: [`guild:${GUILD}/message/Profile`],
      },
      {
        kind: 'permissions',
        method: 'PUT',
        route: '/applications/{app}/guilds/{guild}/commands/permissions',
        addresses: [`guild:${GUILD}/message/Profile`],
      },
    ],
    creates: 1,
  });
  return basePlan({
    scopes: [global, guild],
    summary: { create: 1, update: 1, rename: 1, replace: 1, delete: 1, permissions: 2 },
    request_count: 7,
    warnings: [
      {
        code: 'permissions-dropped',
        message: 'Replacing message/Profile drops its permissions; they will be re-applied.',
        scope: `guild:${GUILD}`,
      },
      { code: 'daily-creates', message: 'This plan spends 2 of 200 daily creates.' },
    ],
  });
}

export function emptyPlan(): Plan {
  return basePlan({
    scopes: [
      scope({
        key: 'global',
        scope: { kind: 'global' },
        actions: [
          action({
            kind: 'noop',
            address: 'global/chat_input/ping',
            name: 'ping',
            remote: { id: '1', name: 'ping', type: 1 },
          }),
        ],
        kept: [
          {
            address: 'global/primary_entry_point/launch',
            id: '2',
            reason: 'auto-created entry point',
            body: { id: 'x', name: 'launch', type: 4 },
          },
        ],
      }),
    ],
  });
}
