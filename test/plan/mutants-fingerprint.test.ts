import { describe, expect, it } from 'vitest';
import { applicationFingerprint, fingerprintOf, staleScopes } from '../../src/plan/fingerprint.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import type { PermissionSet, ScopeState } from '../../src/wire/state.js';

/**
 * What a saved plan was made against (src/plan/fingerprint.ts): it must move
 * when the remote moved and only then, or apply runs a stale plan or refuses
 * a good one. Found by mutants that survived the suite (docs/mutation.md).
 */

const cmd = (id: string, version: string) => ({ id, version, body: { id, name: `c${id}`, type: 1 } });
const entry = (id: string, permission = true) => ({ id, type: 1, permission });
const guild = (permissions?: PermissionSet[], commands = [cmd('10', 'v1')]): ScopeState => ({
  scope: guildScope('42'),
  commands,
  ...(permissions ? { permissions } : {}),
});
const forCommand = (id: string, entries = [entry('7')]): PermissionSet => ({
  target: { kind: 'command', id },
  entries,
});
const forApp = (entries = [entry('7')]): PermissionSet => ({ target: { kind: 'application' }, entries });

describe('fingerprintOf', () => {
  it("keys each scope and lists its commands' ids and versions in id order", () => {
    const fp = fingerprintOf([{ scope: GLOBAL, commands: [cmd('30', 'c'), cmd('10', 'a'), cmd('20', 'b')] }, guild()]);
    expect(Object.keys(fp)).toEqual(['global', 'guild:42']);
    expect(fp.global).toEqual({
      commands: [
        ['10', 'a'],
        ['20', 'b'],
        ['30', 'c'],
      ],
    });
  });

  it('no permissions read: no digest; the same sets in any order: the same digest', () => {
    expect(fingerprintOf([guild()])['guild:42']!.permissions).toBeUndefined();
    const one = fingerprintOf([guild([forCommand('10', [entry('7'), entry('8', false)]), forApp()])])['guild:42']!
      .permissions;
    const other = fingerprintOf([guild([forApp(), forCommand('10', [entry('8', false), entry('7')])])])['guild:42']!
      .permissions;
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(other).toBe(one);
  });

  it('a permission that moved moves the digest', () => {
    const base = fingerprintOf([guild([forCommand('10')])])['guild:42']!.permissions;
    const changes = [
      [forCommand('10', [entry('7', false)])],
      [forCommand('11')],
      [forApp()],
      [forCommand('10'), forApp()],
      [forCommand('10', [])],
    ];
    for (const sets of changes)
      expect(fingerprintOf([guild(sets)])['guild:42']!.permissions, JSON.stringify(sets)).not.toBe(base);
  });
});

describe('staleScopes', () => {
  const planned = fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'a')] }, guild()]);

  it('none when nothing moved', () => {
    expect(staleScopes(planned, fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'a')] }, guild()]))).toEqual([]);
  });

  it('each scope whose commands moved (a new version, a command more or less), and a scope no longer read', () => {
    expect(staleScopes(planned, fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'b')] }, guild()]))).toEqual([
      'global',
    ]);
    expect(
      staleScopes(planned, fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'a')] }, guild(undefined, [])])),
    ).toEqual(['guild:42']);
    expect(
      staleScopes(
        planned,
        fingerprintOf([
          { scope: GLOBAL, commands: [cmd('10', 'a'), cmd('11', 'x')] },
          guild(undefined, [cmd('10', 'v2')]),
        ]),
      ),
    ).toEqual(['global', 'guild:42']);
    expect(staleScopes(planned, fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'a')] }]))).toEqual(['guild:42']);
  });

  it('a scope the plan did not read is not its concern', () => {
    expect(
      staleScopes(fingerprintOf([guild()]), fingerprintOf([{ scope: GLOBAL, commands: [cmd('10', 'a')] }, guild()])),
    ).toEqual([]);
  });
});

describe('applicationFingerprint', () => {
  const traits = { embedded: false, integrationTypes: [1, 0], discoverable: true };

  it('the same settings give the same value, whatever the order of the integration types', () => {
    expect(applicationFingerprint(traits)).toEqual(applicationFingerprint({ ...traits, integrationTypes: [0, 1] }));
    expect(applicationFingerprint({ ...traits, integrationTypes: [10, 2] })).toEqual(
      applicationFingerprint({ ...traits, integrationTypes: [2, 10] }),
    );
    expect(applicationFingerprint(traits).commands).toEqual([]);
  });

  it('each setting a command is checked against moves it', () => {
    const base = applicationFingerprint(traits).application;
    expect(applicationFingerprint({ ...traits, embedded: true }).application).not.toBe(base);
    expect(applicationFingerprint({ ...traits, discoverable: false }).application).not.toBe(base);
    expect(applicationFingerprint({ ...traits, integrationTypes: [0] }).application).not.toBe(base);
  });
});
