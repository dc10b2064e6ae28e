import { PassThrough } from 'node:stream';
import { stripVTControlCharacters as strip } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createReadProgress } from '../../src/report/plan/read-progress.js';

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let out = '';
  stream.on('data', (d) => (out += d));
  return { stream, text: () => strip(out) };
}

describe('progress while reading remote state', () => {
  it('at an interactive terminal: a spinner counting scopes, cleared at the end', async () => {
    const s = sink();
    const p = (await createReadProgress({ interactive: true, color: true, isCI: false }, s.stream))!;
    p.start(3);
    expect(s.text()).toContain('Reading remote state: 0 of 3 scopes');
    p.scopeDone('global', 'read');
    p.finish();
    // Nothing is left behind for the plan to be printed under.
    expect(s.text()).not.toMatch(/\n.*Reading remote state/);
  });

  it('in CI: a line per scope; in a plain pipe: nothing', async () => {
    const s = sink();
    const p = (await createReadProgress({ interactive: false, color: false, isCI: true }, s.stream))!;
    p.start(2);
    p.scopeDone('guild:1', 'skipped');
    p.scopeDone('global', 'read');
    p.finish();
    expect(s.text()).toBe('Reading remote state: 2 scopes\n  skipped guild:1 (1 of 2)\n  read global (2 of 2)\n');
    expect(await createReadProgress({ interactive: false, color: false, isCI: false }, s.stream)).toBeUndefined();
  });
});
