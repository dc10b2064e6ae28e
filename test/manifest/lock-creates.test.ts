import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createsToday,
  lockChanged,
  readLock,
  recordCreates,
  writeLock,
  type LockFile,
} from '../../src/manifest/lock.js';
import { testdir } from '../helpers/tmp.js';

/** The creates cmdsync made today, per scope, kept with the lock file for the daily allowance (issue 24). */
const APP = '100000000000000001';
const DAY1 = Date.UTC(2026, 10, 25, 10);
const DAY1_LATE = Date.UTC(2026, 10, 25, 23, 59);
const DAY2 = Date.UTC(2026, 10, 26, 0, 1);
const empty: LockFile = { format_version: 1, webhooks: {} };

describe('command creates in the lock file', () => {
  it('add up per scope within a UTC day, start over the next day, and belong to one application', () => {
    const a = recordCreates(empty, APP, { 'guild:1': 2, global: 1 }, DAY1);
    const b = recordCreates(a, APP, { 'guild:1': 3, 'guild:2': 0 }, DAY1_LATE);
    expect(createsToday(b, APP, DAY1_LATE)).toEqual({ 'guild:1': 5, global: 1 });
    expect(createsToday(b, APP, DAY2)).toEqual({});
    expect(createsToday(b, '100000000000000002', DAY1)).toEqual({});
    expect(recordCreates(b, APP, { 'guild:1': 1 }, DAY2).creates).toEqual({
      day: '2026-11-26',
      application_id: APP,
      scopes: { 'guild:1': 1 },
    });
    expect(recordCreates(b, APP, {}, DAY1)).toBe(b);
    expect(lockChanged(a, b)).toBe(true);
  });

  it('are written and read back beside the webhooks; a malformed record is refused, not trusted', () => {
    const dir = testdir({ 'cmdsync.yaml': '' });
    const manifest = join(dir, 'cmdsync.yaml');
    const lock = recordCreates(
      { format_version: 1, webhooks: { '9': { key: 'deploys' } } },
      APP,
      { 'guild:1': 2 },
      DAY1,
    );
    writeLock(manifest, lock);
    expect(readLock(manifest)).toEqual(lock);
    const file = join(dir, 'cmdsync.lock.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...JSON.parse(readFileSync(file, 'utf8')),
        creates: { day: '2026-11-25', application_id: APP, scopes: { 'guild:1': -1 } },
      }),
    );
    expect(() => readLock(manifest)).toThrow(/not a cmdsync lock file/);
  });
});
