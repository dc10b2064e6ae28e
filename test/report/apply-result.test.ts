import { stripVTControlCharacters as strip } from 'node:util';
import { colors, setColor } from '../../src/report/color.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatApplyResult } from '../../src/report/apply/result.js';
import type { ApplyResult } from '../../src/report/apply/types.js';

const initial = colors().enabled;
afterEach(() => {
  setColor(initial);
});

const success: ApplyResult = {
  applied: [
    { address: 'global/chat_input/ping', kind: 'create' },
    { address: 'global/chat_input/echo', kind: 'update' },
    { address: 'global/chat_input/hi', kind: 'update' },
    { address: 'global/chat_input/old', kind: 'delete' },
    { address: 'guild:1/permissions', kind: 'permissions' },
    { address: 'guild:1/chat_input/a/permissions', kind: 'permissions' },
    { address: 'guild:1/chat_input/b/permissions', kind: 'permissions' },
  ],
  notApplied: [],
};

describe('formatApplyResult', () => {
  it('ends a successful apply with the counts per kind', () => {
    setColor(false);
    expect(formatApplyResult(success)).toBe('Apply complete! 1 created, 2 updated, 0 renamed, 0 replaced, 1 deleted, 3 permission sets replaced.\n');
    expect(formatApplyResult({ applied: [{ address: 'a', kind: 'permissions' }], notApplied: [] })).toBe(
      'Apply complete! 0 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 1 permission set replaced.\n',
    );
  });

  it('says "Apply incomplete" (not "complete") when permission sets were skipped, and what was not applied', () => {
    setColor(false);
    const out = formatApplyResult({
      applied: [{ address: 'guild:1/chat_input/a', kind: 'rename' }],
      notApplied: [{ address: 'guild:1/permissions', kind: 'permissions' }],
      permissionsSkipped: 'Permission sets were not applied: DISCORD_BEARER_TOKEN is not set.',
    });
    expect(out.split('\n')).toEqual([
      'Apply incomplete: 0 created, 0 updated, 1 renamed, 0 replaced, 0 deleted, 0 permission sets replaced.',
      'Permission sets were not applied: DISCORD_BEARER_TOKEN is not set.',
      '',
      'Not applied (1):',
      '    ~ guild:1/permissions (permissions)',
      '',
    ]);
  });

  it('says "Apply incomplete" when a declared scope could not be read and was left alone', () => {
    setColor(false);
    const out = formatApplyResult({ applied: [{ address: 'global/chat_input/a', kind: 'create' }], notApplied: [], skippedScopes: ['guild:600000000000000001'] });
    expect(out.split('\n')).toEqual([
      'Apply incomplete: 1 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 0 permission sets replaced.',
      'Not read, so left alone: guild:600000000000000001.',
      '',
    ]);
  });

  it('after a failure, says how far it got, what was and was not applied, and that retrying is safe', () => {
    setColor(false);
    const out = formatApplyResult({
      applied: [
        { address: 'global/chat_input/ping', kind: 'create' },
        { address: 'global/chat_input/x', kind: 'replace' },
      ],
      failed: { address: 'global/chat_input/echo', message: '50035 Invalid Form Body: description too long' },
      notApplied: [
        { address: 'global/chat_input/echo', kind: 'update' },
        { address: 'global/chat_input/old', kind: 'delete' },
      ],
      requestsSent: 3,
      requestsTotal: 5,
    });
    expect(out.split('\n')).toEqual([
      'Error: global/chat_input/echo: 50035 Invalid Form Body: description too long',
      '',
      'Apply failed after 3 of 5 requests.',
      '',
      'Applied (2):',
      '    + global/chat_input/ping created',
      '  -/+ global/chat_input/x replaced',
      '',
      'Not applied (2):',
      '    ~ global/chat_input/echo (update)',
      '    - global/chat_input/old (delete)',
      '',
      'Run cmdsync apply again to finish: every request is safe to retry.',
      '',
    ]);
  });

  it('says what it can when request counts are missing', () => {
    setColor(false);
    const failed = { address: 'a', message: 'boom' };
    const notApplied = [
      { address: 'a', kind: 'create' },
      { address: 'b', kind: 'create' },
    ];
    expect(formatApplyResult({ applied: [], failed, notApplied, requestsSent: 1 })).toContain('Apply failed after 1 request.');
    expect(formatApplyResult({ applied: [], failed, notApplied })).toContain('Apply failed after 0 of 2 changes.');
  });

  it('colours only when colour is enabled and strips escapes from service messages', () => {
    setColor(false);
    const failed: ApplyResult = { applied: success.applied, failed: { address: 'a', message: 'bad\u001b[2J\nthing' }, notApplied: [] };
    expect(formatApplyResult(failed)).not.toContain('\u001b');
    expect(formatApplyResult(failed)).toContain('Error: a: bad thing');
    setColor(true);
    const coloured = formatApplyResult(success);
    expect(coloured).toContain('\u001b[');
    expect(strip(coloured)).toBe('Apply complete! 1 created, 2 updated, 0 renamed, 0 replaced, 1 deleted, 3 permission sets replaced.\n');
    expect(formatApplyResult(failed)).not.toContain('\u001b[2J');
  });
});
