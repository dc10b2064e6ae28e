import { describe, expect, it } from 'vitest';
import { applicationObject } from '../../src/emulator/routes/identity.js';
import { buildWorld } from '../../src/emulator/state/seed.js';
import { ApplicationFlag, applicationMismatches, traitsOfApplicationObject } from '../../src/wire/application.js';
import { resolveLimits } from '../../src/wire/limits.js';

let n = 1_000_000_000_000_000n;
const nextId = () => (n++).toString();

describe('the application object, read for what commands are checked against', () => {
  it('reads the EMBEDDED flag among others, the configured installation contexts and discovery', () => {
    expect(
      traitsOfApplicationObject({
        id: '1',
        flags: ApplicationFlag.EMBEDDED | (1 << 13),
        integration_types_config: { '0': {}, '1': {} },
        is_discoverable: true,
      }),
    ).toEqual({
      embedded: true,
      integrationTypes: [0, 1],
      discoverable: true,
    });
    expect(traitsOfApplicationObject({ id: '1', flags: 1 << 13, integration_types_config: { '1': {} } })).toEqual({
      embedded: false,
      integrationTypes: [1],
      discoverable: false,
    });
  });

  it('without integration_types_config, the default (guild install); without numeric flags, no answer rather than a guess', () => {
    expect(traitsOfApplicationObject({ id: '1', flags: 0 })?.integrationTypes).toEqual([0]);
    expect(traitsOfApplicationObject({ id: '1' })).toBeUndefined();
    expect(traitsOfApplicationObject([])).toBeUndefined();
    expect(traitsOfApplicationObject(null)).toBeUndefined();
  });

  it('reads back what the emulator writes, for every trait', () => {
    for (const seed of [
      { embedded: true, integration_types: [0, 1], discoverable: true },
      { embedded: false, integration_types: [1], discoverable: false },
    ]) {
      const { world, meta } = buildWorld({ applications: [seed] }, nextId, Date.now(), resolveLimits());
      const app = world.applications[meta.defaultApplicationId]!;
      expect(traitsOfApplicationObject(applicationObject(world, app))).toEqual({
        embedded: seed.embedded,
        integrationTypes: seed.integration_types,
        discoverable: seed.discoverable,
      });
    }
  });
});

describe("the manifest's application: block against the service", () => {
  const app = { embedded: false, integrationTypes: [0], discoverable: false };
  it('one warning per field that differs, at that field; none when they agree (in any order)', () => {
    expect(applicationMismatches(app, app)).toEqual([]);
    expect(applicationMismatches({ ...app, integrationTypes: [1, 0] }, { ...app, integrationTypes: [0, 1] })).toEqual(
      [],
    );
    const found = applicationMismatches({ embedded: true, integrationTypes: [0, 1], discoverable: true }, app);
    expect(found.map((p) => [p.path.join('.'), p.severity, p.rule])).toEqual([
      ['embedded', 'warning', 'application-mismatch'],
      ['integration_types', 'warning', 'application-mismatch'],
      ['discoverable', 'warning', 'application-mismatch'],
    ]);
    expect(found[1]!.message).toContain(
      'integration_types: [guild_install, user_install], but the service reports [guild_install]',
    );
  });
});
