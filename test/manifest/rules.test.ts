import { describe, expect, it } from 'vitest';
import { lintPath } from '../../src/cli/commands/lint.js';
import { FIXTURES, invalidFixtures } from '../helpers/fixtures.js';

const ctx = { cwd: FIXTURES, env: {} };

describe('one invalid manifest per rule', () => {
  for (const fixture of invalidFixtures()) {
    it(`${fixture.name} reports ${fixture.expect.map((e) => `${e.rule} at ${e.line}:${e.col}`).join(', ')}`, () => {
      expect(fixture.expect.length).toBeGreaterThan(0);
      const report = lintPath(fixture.path, ctx);
      for (const e of fixture.expect) {
        const found = report.diagnostics.filter((d) => d.rule === e.rule);
        expect(found.map((d) => `${d.rule} ${d.line}:${d.col}`)).toContain(`${e.rule} ${e.line}:${e.col}`);
      }
      // Nothing else goes wrong in these files: each isolates its rule.
      const others = report.diagnostics.filter(
        (d) => d.severity === 'error' && !fixture.expect.some((e) => e.rule === d.rule),
      );
      expect(others.map((d) => `${d.rule} ${d.line}:${d.col} ${d.message}`)).toEqual([]);
    });
  }
});
