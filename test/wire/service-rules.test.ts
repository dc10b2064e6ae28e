/**
 * The rules about the service's stored state (src/wire/service-rules.ts), pinned as whole Problems:
 * rule id, severity, sentence, path and the service's code and message (facts §1.2, §7, the error
 * table's 30034 and 50240; spec "Installation context" and "handler").
 */
import { describe, expect, it } from 'vitest';
import { CommandType } from '../../src/wire/enums.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import {
  ENTRY_POINT_REMOVAL_MESSAGE,
  applicationCommandProblems,
  dailyCreatesLimited,
  dailyCreatesProblem,
  entryPointOwnerProblem,
  entryPointRemovalProblem,
  typeChangeProblem,
} from '../../src/wire/service-rules.js';

const GUILD = guildScope('123456789012345678');

describe('typeChangeProblem', () => {
  it('refuses a different type, at the given path', () => {
    expect(typeChangeProblem(1, { type: 2 }, ['commands', 0])).toEqual({
      rule: 'type-immutable',
      severity: 'error',
      path: ['commands', 0, 'type'],
      message: "A command's type cannot change (it is 1); delete it and create a new one.",
      api: { code: 'APPLICATION_COMMAND_TYPE_IMMUTABLE', message: 'Application command types are immutable' },
    });
  });

  it('paths from the body when no path is given', () => {
    expect(typeChangeProblem(3, { type: 1 })?.path).toEqual(['type']);
  });

  it('accepts the same type, or a body that names none', () => {
    expect(typeChangeProblem(2, { type: 2 })).toBeUndefined();
    expect(typeChangeProblem(2, {})).toBeUndefined();
    expect(typeChangeProblem(2, { type: null })).toBeUndefined();
    expect(typeChangeProblem(2, { type: undefined })).toBeUndefined();
  });

  it('says nothing of a body that is not an object', () => {
    for (const body of [null, undefined, 'x', 2, [{ type: 2 }], true]) {
      expect(typeChangeProblem(1, body)).toBeUndefined();
    }
  });
});

describe('entryPointOwnerProblem', () => {
  it('refuses an entry point for an app without an Activity', () => {
    expect(entryPointOwnerProblem(CommandType.PRIMARY_ENTRY_POINT, false, ['commands', 2])).toEqual({
      rule: 'entry-point-embedded-only',
      severity: 'error',
      path: ['commands', 2, 'type'],
      message: 'Only applications with an Activity (EMBEDDED flag) can have a PRIMARY_ENTRY_POINT command.',
      api: {
        code: 'APPLICATION_COMMAND_TYPE_INVALID',
        message: 'Primary entry point commands require the application to have the EMBEDDED flag',
      },
    });
    expect(entryPointOwnerProblem(4, false)?.path).toEqual(['type']);
  });

  it('accepts it for an embedded app, and any other type', () => {
    expect(entryPointOwnerProblem(4, true)).toBeUndefined();
    expect(entryPointOwnerProblem(1, false)).toBeUndefined();
    expect(entryPointOwnerProblem('4', false)).toBeUndefined();
  });
});

describe('applicationCommandProblems', () => {
  const plain = { embedded: false, integrationTypes: [0], discoverable: false };

  it('holds a global command to the integration types of its app, each at its index', () => {
    expect(applicationCommandProblems({ integration_types: [0, 1, 'x'] }, plain, GLOBAL, ['c'])).toEqual([
      {
        rule: 'integration-type-unsupported',
        severity: 'error',
        path: ['c', 'integration_types', 1],
        message:
          "The application does not support installation context 1; it supports 0 (set them in the application's installation settings).",
        api: {
          code: 'APPLICATION_COMMAND_INTEGRATION_TYPE_UNSUPPORTED',
          message: 'Integration type is not supported by the application',
        },
      },
    ]);
  });

  it('lists every supported type, or says none', () => {
    const two = { ...plain, integrationTypes: [0, 1] };
    expect(applicationCommandProblems({ integration_types: [2] }, two, GLOBAL)[0]?.message).toBe(
      "The application does not support installation context 2; it supports 0, 1 (set them in the application's installation settings).",
    );
    const none = { ...plain, integrationTypes: [] };
    const found = applicationCommandProblems({ integration_types: [0] }, none, GLOBAL);
    expect(found[0]?.message).toBe(
      "The application does not support installation context 0; it supports none (set them in the application's installation settings).",
    );
    expect(found[0]?.path).toEqual(['integration_types', 0]);
  });

  it('does not hold a guild command to them, nor a list that is not one', () => {
    expect(applicationCommandProblems({ integration_types: [1] }, plain, GUILD)).toEqual([]);
    expect(applicationCommandProblems({ integration_types: 1 }, plain, GLOBAL)).toEqual([]);
    expect(applicationCommandProblems({ integration_types: [0] }, plain, GLOBAL)).toEqual([]);
  });

  it('refuses an age-restricted command of a discoverable app', () => {
    const app = { ...plain, discoverable: true };
    expect(applicationCommandProblems({ nsfw: true }, app, GUILD, ['x'])).toEqual([
      {
        rule: 'nsfw-discoverable',
        severity: 'error',
        path: ['x', 'nsfw'],
        message: 'An application with discovery enabled cannot have age-restricted (nsfw) commands.',
        api: {
          code: 'APPLICATION_COMMAND_NSFW_DISCOVERABLE',
          message: 'Apps with discovery enabled cannot have age-restricted commands',
        },
      },
    ]);
    expect(applicationCommandProblems({ nsfw: true }, app, GUILD)[0]?.path).toEqual(['nsfw']);
    expect(applicationCommandProblems({ nsfw: false }, app, GUILD)).toEqual([]);
    expect(applicationCommandProblems({ nsfw: true }, plain, GUILD)).toEqual([]);
  });

  it('includes the entry-point owner rule, and all problems in order', () => {
    const app = { embedded: false, integrationTypes: [0], discoverable: true };
    const found = applicationCommandProblems({ type: 4, integration_types: [1], nsfw: true }, app, GLOBAL);
    expect(found.map((p) => p.rule)).toEqual([
      'entry-point-embedded-only',
      'integration-type-unsupported',
      'nsfw-discoverable',
    ]);
    expect(found[0]?.path).toEqual(['type']);
  });

  it('says nothing of a body that is not an object', () => {
    const app = { embedded: false, integrationTypes: [], discoverable: true };
    for (const body of [null, 'x', 4, [{ type: 4, nsfw: true }]]) {
      expect(applicationCommandProblems(body, app, GLOBAL)).toEqual([]);
    }
  });
});

describe('entryPointRemovalProblem', () => {
  it('is the 50240 refusal with the service literal message', () => {
    expect(entryPointRemovalProblem()).toEqual({
      rule: 'entry-point-bulk-removal',
      severity: 'error',
      path: [],
      message: 'A global bulk overwrite must include the existing entry point command (or delete it separately first).',
      api: {
        code: 'ENTRY_POINT_REMOVAL',
        message:
          "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      },
      jsonCode: 50240,
    });
    expect(ENTRY_POINT_REMOVAL_MESSAGE).toBe(entryPointRemovalProblem().api?.message);
  });
});

describe('dailyCreatesProblem', () => {
  const limits = { ...DEFAULT_LIMITS, daily_creates: 10 };

  it('limits only guild scopes', () => {
    expect(dailyCreatesLimited(GUILD)).toBe(true);
    expect(dailyCreatesLimited(GLOBAL)).toBe(false);
    expect(dailyCreatesProblem(10, 5, limits, GLOBAL)).toBeUndefined();
  });

  it('allows creates up to the allowance, and none added', () => {
    expect(dailyCreatesProblem(9, 1, limits, GUILD)).toBeUndefined();
    expect(dailyCreatesProblem(10, 0, limits, GUILD)).toBeUndefined();
    expect(dailyCreatesProblem(20, 0, limits, GUILD)).toBeUndefined();
    expect(dailyCreatesProblem(20, -1, limits, GUILD)).toBeUndefined();
  });

  it('refuses one past it with 30034 and the service literal message', () => {
    expect(dailyCreatesProblem(8, 3, limits, GUILD)).toEqual({
      rule: 'daily-creates',
      severity: 'error',
      path: [],
      message: "This would create 3 command(s) but only 2 of today's 10 creates are left in this scope.",
      api: {
        code: 'MAX_DAILY_APPLICATION_COMMAND_CREATES',
        message: 'Max number of daily application command creates has been reached (10)',
      },
      jsonCode: 30034,
    });
  });

  it('never says fewer than none are left', () => {
    expect(dailyCreatesProblem(12, 1, limits, GUILD)?.message).toBe(
      "This would create 1 command(s) but only 0 of today's 10 creates are left in this scope.",
    );
  });
});
