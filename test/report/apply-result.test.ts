import { stripVTControlCharacters as strip } from 'node:util';
import { colors, setColor } from '../../src/report/color.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatApplyResult } from '../../src/report/apply/result.js';
import type { ApplyResult } from '../../src/sync/apply-result.js';
import { formatApplyMarkdown } from '../../src/report/apply/markdown.js';
import { applyResultOf } from '../../src/sync/apply.js';
import type { ApplyOutcome } from '../../src/apply/execute.js';

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
    expect(formatApplyResult(success)).toBe(
      'Apply complete! 1 created, 2 updated, 0 renamed, 0 replaced, 1 deleted, 3 permission sets replaced.\n',
    );
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
    const out = formatApplyResult({
      applied: [{ address: 'global/chat_input/a', kind: 'create' }],
      notApplied: [],
      skippedScopes: ['guild:600000000000000001'],
    });
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
    expect(formatApplyResult({ applied: [], failed, notApplied, requestsSent: 1 })).toContain(
      'Apply failed after 1 request.',
    );
    expect(formatApplyResult({ applied: [], failed, notApplied })).toContain('Apply failed after 0 of 2 changes.');
  });

  it('colours only when colour is enabled and strips escapes from service messages', () => {
    setColor(false);
    const failed: ApplyResult = {
      applied: success.applied,
      failed: { address: 'a', message: 'bad\u001b[2J\nthing' },
      notApplied: [],
    };
    expect(formatApplyResult(failed)).not.toContain('\u001b');
    expect(formatApplyResult(failed)).toContain('Error: a: bad thing');
    setColor(true);
    const coloured = formatApplyResult(success);
    expect(coloured).toContain('\u001b[');
    expect(strip(coloured)).toBe(
      'Apply complete! 1 created, 2 updated, 0 renamed, 0 replaced, 1 deleted, 3 permission sets replaced.\n',
    );
    expect(formatApplyResult(failed)).not.toContain('\u001b[2J');
  });
});

describe('webhooks removed by the read-back', () => {
  const outcome: ApplyOutcome = {
    applied: [{ address: 'webhook/deploys', kind: 'webhook create' }],
    notApplied: [],
    requestsSent: 2,
    duplicatesRemoved: [{ id: '930000000000000002', channelId: '620000000000000001', name: 'Deploys' }],
  };

  it('are carried into the result (the JSON document) and named with their ids in text and markdown', () => {
    setColor(false);
    const result = applyResultOf(outcome, 1, undefined);
    expect(JSON.parse(JSON.stringify(result)).duplicatesRemoved).toEqual([
      { id: '930000000000000002', channelId: '620000000000000001', name: 'Deploys' },
    ]);
    const text = formatApplyResult(result).split('\n');
    expect(text[0]).toBe(
      'Apply complete! 0 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 0 permission sets replaced; webhooks: 1 created, 0 updated, 0 deleted.',
    );
    expect(text).toContain(
      'Removed 1 duplicate webhook this apply made (a create whose answer was lost landed after all, beside the one sent again):',
    );
    expect(text).toContain('    - channel:620000000000000001/webhook/Deploys (id 930000000000000002) deleted');
    const md = formatApplyMarkdown(result);
    expect(md).toContain('Removed 1 duplicate webhook this apply made');
    expect(md).toContain('- `channel:620000000000000001/webhook/Deploys (id 930000000000000002)` (deleted)');
  });

  it('are said after a failure too, and not at all when there were none', () => {
    setColor(false);
    const failed = applyResultOf(
      {
        ...outcome,
        failed: { address: 'webhook/other', message: 'Missing Access', error: new Error('x'), actions: [] },
      },
      2,
      undefined,
    );
    expect(formatApplyResult(failed)).toContain('(id 930000000000000002) deleted');
    const none = applyResultOf({ ...outcome, duplicatesRemoved: [] }, 1, undefined);
    expect(none).not.toHaveProperty('duplicatesRemoved');
    expect(formatApplyResult(none)).not.toContain('duplicate');
    expect(formatApplyMarkdown(none)).not.toContain('duplicate');
  });
});
