import { describe, expect, it } from 'vitest';
import { PLAN_FORMAT_VERSION } from '../../src/plan/model.js';
import { parsePlan, serializePlan } from '../../src/plan/plan-file.js';

/** `apply FILE` reads only a plan file it understands (src/plan/plan-file.ts). Found by mutants that survived the suite (docs/mutation.md). */

const MAJOR = PLAN_FORMAT_VERSION.split('.')[0]!;
const valid = { format_version: PLAN_FORMAT_VERSION, application_id: '100', scopes: [] };
const refusal = (text: string) => {
  try {
    parsePlan(text, 'plan.json');
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  throw new Error('parsePlan accepted it');
};

describe('parsePlan', () => {
  it('reads back what serializePlan wrote', () => {
    const text = serializePlan(valid as never);
    expect(text.endsWith('}\n')).toBe(true);
    expect(parsePlan(text, 'plan.json')).toEqual(valid);
  });

  it('a minor version other than its own is read (minor versions only add keys)', () => {
    expect(parsePlan(JSON.stringify({ ...valid, format_version: `${MAJOR}.99` }), 'plan.json').format_version).toBe(
      `${MAJOR}.99`,
    );
  });

  it('text that is not JSON: a typed error naming the file', () => {
    expect(refusal('{ not json')).toEqual({
      code: 'PLAN_FILE_INVALID',
      message: 'plan.json is not a cmdsync plan file (not JSON).',
    });
  });

  it.each([
    ['null', null],
    ['a number', 3],
    ['a string', 'plan'],
    ['no format_version', { application_id: '100', scopes: [] }],
    ['a numeric format_version', { ...valid, format_version: 1.3 }],
    ['no scopes', { format_version: PLAN_FORMAT_VERSION, application_id: '100' }],
    ['scopes not a list', { ...valid, scopes: {} }],
    ['no application_id', { format_version: PLAN_FORMAT_VERSION, scopes: [] }],
    ['a numeric application_id', { ...valid, application_id: 100 }],
  ])('JSON that is not a plan (%s): a typed error naming the file', (_what, value) => {
    expect(refusal(JSON.stringify(value))).toEqual({
      code: 'PLAN_FILE_INVALID',
      message: 'plan.json is not a cmdsync plan file.',
    });
  });

  it('another major version is refused, saying which this cmdsync reads', () => {
    const other = `${Number(MAJOR) + 1}.0`;
    expect(refusal(JSON.stringify({ ...valid, format_version: other }))).toEqual({
      code: 'PLAN_FILE_VERSION',
      message: `plan.json has plan format ${other}; this cmdsync reads ${MAJOR}.x. Plan again with this version.`,
    });
    expect(refusal(JSON.stringify({ ...valid, format_version: `1${MAJOR}.0` })).code).toBe('PLAN_FILE_VERSION');
  });
});
