/**
 * Reading an application object's traits and comparing a manifest's `application:` block with
 * them (src/wire/application.ts): odd objects, the installation contexts in order, and each
 * warning's whole sentence. test/wire/application.test.ts covers the emulator's round trip.
 */
import { describe, expect, it } from 'vitest';
import { ApplicationFlag, applicationMismatches, traitsOfApplicationObject } from '../../src/wire/application.js';

const app = (over = {}) => ({ embedded: false, integrationTypes: [0], discoverable: false, ...over });
const said = "the manifest's application: block says";

describe('traitsOfApplicationObject', () => {
  it('gives no answer for what is not an application object', () => {
    for (const obj of [null, undefined, 'x', 3, [{ flags: 0 }], { flags: '0' }]) {
      expect(traitsOfApplicationObject(obj)).toBeUndefined();
    }
  });

  it('takes the default contexts when the config is not a mapping', () => {
    for (const config of [null, 'ab', [1], 3]) {
      expect(traitsOfApplicationObject({ flags: 0, integration_types_config: config })?.integrationTypes).toEqual([0]);
    }
  });

  it('keeps known contexts only, in numeric order whatever the key spelling', () => {
    const read = (config: object) => traitsOfApplicationObject({ flags: 0, integration_types_config: config });
    expect(read({ '0': {}, '7': {}, x: {} })?.integrationTypes).toEqual([0]);
    expect(read({ '1': {}, '00': {} })?.integrationTypes).toEqual([0, 1]);
    expect(read({})?.integrationTypes).toEqual([]);
    expect(read({ '1': {} })).toEqual({ embedded: false, integrationTypes: [1], discoverable: false });
    expect(traitsOfApplicationObject({ flags: ApplicationFlag.EMBEDDED, is_discoverable: 'yes' })).toEqual({
      embedded: true,
      integrationTypes: [0],
      discoverable: false,
    });
  });
});

describe('applicationMismatches', () => {
  it('says nothing when they agree, whatever the order of the contexts', () => {
    expect(applicationMismatches(app({ integrationTypes: [0, 1] }), app({ integrationTypes: [1, 0] }))).toEqual([]);
    expect(applicationMismatches(app({ integrationTypes: [1, 0] }), app({ integrationTypes: [0, 1] }))).toEqual([]);
  });

  it('names the Activity the service reports, or its absence', () => {
    expect(applicationMismatches(app({ embedded: true }), app())).toEqual([
      {
        rule: 'application-mismatch',
        severity: 'warning',
        path: ['embedded'],
        message: `${said} embedded: true, but the service reports the application has no Activity (EMBEDDED flag); commands are checked against the service.`,
      },
    ]);
    expect(applicationMismatches(app(), app({ embedded: true }))[0]?.message).toBe(
      `${said} embedded: false, but the service reports the application has an Activity (EMBEDDED flag); commands are checked against the service.`,
    );
  });

  it('names each context, none, or an unknown one by number', () => {
    expect(applicationMismatches(app({ integrationTypes: [] }), app({ integrationTypes: [1, 0, 5] }))).toEqual([
      {
        rule: 'application-mismatch',
        severity: 'warning',
        path: ['integration_types'],
        message: `${said} integration_types: [none], but the service reports [user_install, guild_install, 5]; commands are checked against the service.`,
      },
    ]);
  });

  it('says whether the service reports the app discoverable', () => {
    expect(applicationMismatches(app({ discoverable: true }), app())).toEqual([
      {
        rule: 'application-mismatch',
        severity: 'warning',
        path: ['discoverable'],
        message: `${said} discoverable: true, but the service reports the application is not discoverable; commands are checked against the service.`,
      },
    ]);
    expect(applicationMismatches(app(), app({ discoverable: true }))[0]?.message).toBe(
      `${said} discoverable: false, but the service reports the application is discoverable; commands are checked against the service.`,
    );
  });
});
