import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';

/** The README's access examples are real: each block is what the built CLI prints for its command. */
describe('README: "Who can use my commands?"', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /## Who can use my commands\?([\s\S]*?)\n## /.exec(readme)![1];
  const blocks = [...section.matchAll(/```console\n\$ cmdsync (.*)\n([\s\S]*?)```/g)];

  it('has a matrix and a member query', () => {
    expect(blocks.map((b) => b[1].split(' ')[0])).toEqual(['access', 'access']);
    expect(blocks[0][2]).toMatch(/^ {2}everyone else +no \[5\]/m);
  });

  it.each(blocks.map((b) => [b[1], b[2]]))('$ cmdsync %s', async (command, output) => {
    const r = await runBin(command.split(' '), { cwd: ROOT });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(output);
  });
});
