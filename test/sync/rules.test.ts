/**
 * The workflow's decisions as pure functions (issue 26 item 1): which
 * scopes a run plans, what a plan or an apply means for the run, how an
 * apply is approved, and the plan file written whole. The CLI and the
 * Action only render these.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CmdsyncError } from '../../src/errors.js';
import { approvalOf, checkMassDelete } from '../../src/sync/gate.js';
import { readSavedPlan, savePlanFile } from '../../src/sync/plan-file.js';
import { managesWebhooks, plannedGuilds, scopeSelection, selectScopes } from '../../src/sync/scopes.js';
import { applyComplete, planBlockers, planStatus } from '../../src/sync/status.js';
import type { State } from '../../src/wire/state.js';
import { action, basePlan, emptyPlan, fullPlan, GUILD, scope } from '../report/plan-fixtures.js';
import { testdir } from '../helpers/tmp.js';

const OTHER = '222222222222222222';

function declared(): State {
  return {
    applicationId: '999',
    scopes: [
      { scope: { kind: 'global' }, commands: [] },
      { scope: { kind: 'guild', guildId: GUILD }, commands: [] },
      { scope: { kind: 'guild', guildId: OTHER }, commands: [] },
    ],
  };
}

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (err) {
    return err instanceof CmdsyncError ? err.code : 'not a CmdsyncError';
  }
  return undefined;
};

describe('the scopes a run plans', () => {
  it('--guild and --global narrow it; neither means every declared scope', () => {
    expect(scopeSelection([], false)).toBeUndefined();
    expect(scopeSelection([GUILD], false)).toEqual({ guilds: [GUILD], global: false });
    expect(scopeSelection([], true)).toEqual({ guilds: [], global: true });
    const keys = (only: ReturnType<typeof scopeSelection>) =>
      selectScopes(declared(), only).scopes.map((s) => (s.scope.kind === 'guild' ? s.scope.guildId : 'global'));
    expect(keys(undefined)).toEqual(['global', GUILD, OTHER]);
    expect(keys(scopeSelection([OTHER], false))).toEqual([OTHER]);
    expect(keys(scopeSelection([GUILD], true))).toEqual(['global', GUILD]);
    expect(keys(scopeSelection([], true))).toEqual(['global']);
  });

  it('a guild the manifest does not declare is refused by name, not planned as nothing', () => {
    expect(codeOf(() => selectScopes(declared(), scopeSelection(['333333333333333333'], false)))).toBe(
      'GUILD_NOT_DECLARED',
    );
    expect(() => selectScopes({ applicationId: '999', scopes: [] }, { guilds: [GUILD] })).toThrow(
      /it declares no guilds/,
    );
    // The guilds it does declare, named; the global scope is none of them.
    expect(() => selectScopes(declared(), { guilds: ['333333333333333333'] })).toThrow(
      `--guild 333333333333333333: the manifest does not declare this guild (it declares ${GUILD}, ${OTHER}).`,
    );
    expect(() =>
      selectScopes(
        { applicationId: '999', scopes: [{ scope: { kind: 'global' }, commands: [] }] },
        { guilds: [GUILD] },
      ),
    ).toThrow(`--guild ${GUILD}: the manifest does not declare this guild (it declares no guilds).`);
  });

  it('a selection naming neither guilds nor the global scope is no selection', () => {
    expect(selectScopes(declared(), {})).toEqual(declared());
  });

  it('webhooks are managed when declared and the global part is in the run', () => {
    expect(managesWebhooks(2, undefined)).toBe(true);
    expect(managesWebhooks(0, undefined)).toBe(false);
    expect(managesWebhooks(2, scopeSelection([GUILD], false))).toBe(false);
    expect(managesWebhooks(2, scopeSelection([GUILD], true))).toBe(true);
  });

  it("a saved plan's guilds are those its scopes name", () => {
    expect(plannedGuilds(fullPlan())).toEqual([GUILD]);
    expect(plannedGuilds(emptyPlan())).toEqual([]);
  });
});

describe('what a plan and an apply mean for the run', () => {
  it('a plan is blocked by its errors and by scopes it could not read, else it has changes or none', () => {
    expect(planStatus(emptyPlan())).toBe('no-changes');
    expect(planStatus(fullPlan())).toBe('changes');
    const skipped = basePlan({
      skipped: [`guild:${OTHER}`],
      warnings: [{ code: 'scope-skipped', scope: `guild:${OTHER}`, message: 'Skipped it: Missing Access.' }],
    });
    expect(planStatus(skipped)).toBe('blocked');
    expect(planBlockers(skipped)).toEqual(['Skipped it: Missing Access.']);
    const refused = {
      ...fullPlan(),
      errors: [{ rule: 'x', severity: 'error' as const, path: [], message: 'too many commands' }],
    };
    expect(planStatus(refused)).toBe('blocked');
    expect(planBlockers(refused)[0]).toBe('too many commands');
  });

  it('an apply is complete when nothing failed, no permission set was left unwritten and no scope skipped', () => {
    expect(applyComplete(basePlan())).toBe(true);
    expect(applyComplete(basePlan(), {})).toBe(true);
    expect(applyComplete(basePlan({ skipped: [`guild:${OTHER}`] }))).toBe(false);
    expect(applyComplete(basePlan(), { permissionsSkipped: 'needs a bearer token' })).toBe(false);
    expect(
      applyComplete(basePlan(), {
        failed: { address: 'global/chat_input/ping', message: 'Missing Access', error: new Error('x'), actions: [] },
      }),
    ).toBe(false);
  });
});

describe('approval before the first write', () => {
  it('a saved plan or --auto-approve is approval given; otherwise a person is asked, and with nobody to ask apply refuses', () => {
    expect(approvalOf({ savedPlan: true, autoApprove: false, canAsk: false })).toBe('given');
    expect(approvalOf({ savedPlan: false, autoApprove: true, canAsk: false })).toBe('given');
    expect(approvalOf({ savedPlan: false, autoApprove: false, canAsk: true })).toBe('ask');
    expect(codeOf(() => approvalOf({ savedPlan: false, autoApprove: false, canAsk: false }))).toBe('APPROVAL_REQUIRED');
  });

  it('emptying a scope unattended needs its own yes', () => {
    const emptied = basePlan({
      scopes: [
        scope({
          key: 'global',
          scope: { kind: 'global' },
          actions: [
            action({
              kind: 'delete',
              address: 'global/chat_input/ping',
              name: 'ping',
              remote: { id: '1', name: 'ping', type: 1 },
            }),
          ],
        }),
      ],
    });
    expect(codeOf(() => checkMassDelete(emptied, { unattended: true, allowMassDelete: false }))).toBe(
      'MASS_DELETE_REFUSED',
    );
    expect(codeOf(() => checkMassDelete(emptied, { unattended: true, allowMassDelete: true }))).toBeUndefined();
    expect(codeOf(() => checkMassDelete(emptied, { unattended: false, allowMassDelete: false }))).toBeUndefined();
  });
});

describe('the plan file', () => {
  it('is written whole (no temporary file left) and reads back as the same plan', () => {
    const dir = testdir();
    const plan = fullPlan();
    savePlanFile(join(dir, 'plan.json'), plan);
    expect(readdirSync(dir)).toEqual(['plan.json']);
    expect(readSavedPlan(dir, 'plan.json')).toEqual(plan);
  });

  it('a missing or foreign file is a typed error naming it', () => {
    const dir = testdir();
    expect(codeOf(() => readSavedPlan(dir, 'nope.json'))).toBe('PLAN_FILE_NOT_FOUND');
    writeFileSync(join(dir, 'x.json'), '{"hello": 1}');
    expect(() => readSavedPlan(dir, 'x.json')).toThrow(/x\.json/);
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe('{"hello": 1}');
  });
});
