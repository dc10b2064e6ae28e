import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeStepSummary } from '../../src/github/step-summary.js';
import { testdir } from '../helpers/tmp.js';

describe('writeStepSummary', () => {
  it('appends to the file named by GITHUB_STEP_SUMMARY', () => {
    const file = join(testdir({ 'summary.md': '# earlier step output\n' }), 'summary.md');
    expect(writeStepSummary('## cmdsync plan\n', { GITHUB_STEP_SUMMARY: file })).toBe(true);
    expect(writeStepSummary('no newline', { GITHUB_STEP_SUMMARY: file })).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('# earlier step output\n## cmdsync plan\nno newline\n');
  });

  it('does nothing outside GitHub Actions', () => {
    expect(writeStepSummary('x', {})).toBe(false);
    expect(writeStepSummary('x', { GITHUB_STEP_SUMMARY: '' })).toBe(false);
  });
});
