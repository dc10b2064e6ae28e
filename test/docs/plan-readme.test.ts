import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';

/** The README's plan excerpt is real: every line of it is in the reviewed golden output the renderer is tested against. */
describe('README: "Reading a plan"', () => {
  it('shows lines the renderer prints, in order', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Reading a plan'));
    const excerpt = section.slice(
      section.indexOf('```text\n') + 8,
      section.indexOf('\n```', section.indexOf('```text\n')),
    );
    const golden = readFileSync(join(ROOT, 'test/report/golden/plan.txt'), 'utf8');
    expect(excerpt.split('\n').length).toBeGreaterThan(20);
    expect(golden).toContain(excerpt);
    expect(section).toContain(golden.trim().split('\n').at(-1)!.replace('1 permission set;', '1\npermission set;'));
  });
});
