/**
 * The plan is buildPlan's and nothing is added after it (issue 36 item 4):
 * who counts today's creates, the scopes that could not be read, the
 * application's settings and the remote application's verdict are passed
 * in, and come out in the plan it returns.
 */
import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/plan/build.js';
import type { Plan } from '../../src/plan/model.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { State } from '../../src/wire/state.js';

const APP = '100';
const opts: PlanOptions = {
  strategy: 'auto',
  limits: resolveLimits(),
  canEditPermissions: false,
  force: false,
  cmdsyncVersion: 'test',
  readCount: 1,
};
const desired: State = {
  applicationId: APP,
  scopes: [
    { scope: GLOBAL, commands: [{ body: { name: 'ping', description: 'P' } }] },
    {
      scope: guildScope('200'),
      commands: [{ body: { name: 'mod', description: 'M' } }],
      permissions: [
        { target: { kind: 'command', name: 'mod', type: 1 }, entries: [{ id: '200', type: 1, permission: false }] },
      ],
    },
  ],
};
const entryPoint = {
  id: '900',
  version: '901',
  body: { id: '900', application_id: APP, version: '901', type: 4, name: 'launch', description: '', handler: 2 },
};
const actual: State = { applicationId: APP, scopes: [{ scope: GLOBAL, commands: [entryPoint] }] };

describe('facts from beside the remote go into buildPlan', () => {
  it('counted-by, skipped scopes, the application and the verdict are in the plan it returns, after its own findings', () => {
    const seen: unknown[] = [];
    const plan = buildPlan(desired, actual, {
      ...opts,
      createsToday: { byScope: {}, countedBy: 'lock-file' },
      skipped: [{ key: 'guild:300', reason: 'the service does not know this guild' }],
      application: { embedded: false, integrationTypes: [0], discoverable: false },
      judge: (kept) => {
        seen.push(kept);
        return {
          warnings: [{ code: 'application-mismatch', message: 'cmdsync.yaml:2:3: differs' }],
          errors: [
            {
              rule: 'entry-point-embedded-only',
              severity: 'error',
              message: 'cmdsync.yaml:4:5: no Activity',
              path: [],
            },
          ],
        };
      },
    });
    expect(seen).toEqual([
      { global: [{ id: '900', type: 4, name: 'launch', description: '', handler: 2 }], 'guild:200': [] },
    ]);
    expect(plan.creates_counted_by).toBe('lock-file');
    expect(plan.skipped).toEqual(['guild:300']);
    expect(plan.warnings.map((w) => w.code)).toEqual([
      'access-locked',
      'bearer-missing',
      'application-mismatch',
      'scope-skipped',
    ]);
    expect(plan.warnings.at(-1)).toEqual({
      code: 'scope-skipped',
      scope: 'guild:300',
      message: 'Skipped guild:300: the service does not know this guild. Nothing there is planned or changed.',
    });
    expect(plan.errors).toEqual([
      { rule: 'entry-point-embedded-only', severity: 'error', message: 'cmdsync.yaml:4:5: no Activity', path: [] },
    ]);
    expect(plan.fingerprint.application).toEqual({
      commands: [],
      application: 'embedded=false;integration_types=0;discoverable=false',
    });
  });

  it('without them, none of those keys', () => {
    const plan = buildPlan(desired, actual, opts);
    expect(plan).not.toHaveProperty('creates_counted_by');
    expect(plan).not.toHaveProperty('skipped');
    expect(plan.fingerprint).not.toHaveProperty('application');
    expect(plan.errors).toEqual([]);
  });
});

/** Compiled by `npm run typecheck`, never run: a plan's lists and fields cannot be edited in place. */
function planIsReadOnly(plan: Plan): void {
  // @ts-expect-error the warnings are buildPlan's
  plan.warnings.push({ code: 'limits', message: '' });
  // @ts-expect-error the errors are buildPlan's
  plan.errors = [];
  // @ts-expect-error so is skipped
  plan.skipped = [];
  // @ts-expect-error and who counts creates
  plan.creates_counted_by = 'emulator';
}
void planIsReadOnly;
