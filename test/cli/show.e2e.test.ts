import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSI, runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/** `cmdsync show PLANFILE`: a saved plan rendered offline in each format, from the built binary. */

const MANIFEST = [
  'application_id: "500000000000000001"',
  'commands:',
  '  - name: remind',
  '    description: Set a reminder',
  '    options:',
  '      - { type: string, name: what, description: What, required: true }',
  '      - { type: string, name: when, description: When }',
].join('\n');

const run = (cwd: string, args: string[]) => runBin(args, { cwd });

/** Applies the manifest, inserts an option in the middle, and saves the plan of that. */
async function savedPlan(): Promise<string> {
  const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
  expect((await run(cwd, ['apply', '--emulator', '--auto-approve'])).code).toBe(0);
  writeFileSync(
    join(cwd, 'cmdsync.yaml'),
    MANIFEST.replace(
      '      - { type: string, name: when',
      '      - { type: user, name: who, description: Who }\n      - { type: string, name: when',
    ),
  );
  const planned = await run(cwd, ['plan', '--emulator', '--out', 'plan.json']);
  expect(planned.code).toBe(0);
  return cwd;
}

describe('cmdsync show', () => {
  it('renders a saved plan as text, markdown and JSON, with the same nested change in each', async () => {
    const cwd = await savedPlan();
    const text = await run(cwd, ['show', 'plan.json']);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(ANSI);
    expect(text.stdout).toContain(
      [
        '    ~ chat_input/remind will be updated in place',
        '        + option "who" (user) {',
        '            + description: "Who"',
        '          }',
      ].join('\n'),
    );
    expect(text.stdout).toContain('Plan: 0 to add, 1 to change, 0 to destroy. 1 request.');

    const md = await run(cwd, ['show', 'plan.json', '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('## cmdsync plan (plan.json)');
    expect(md.stdout).toContain(
      ['+       option "who" (user) {', '+           description: "Who"', '        }'].join('\n'),
    );

    const json = await run(cwd, ['show', 'plan.json', '--json']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc.format_version).toBe('1.4');
    expect(doc.changes[0].diff).toEqual([
      { sign: '+', label: 'option "who" (user)', children: [{ sign: '+', label: 'description', value: '"Who"' }] },
    ]);
    expect(JSON.parse((await run(cwd, ['show', 'plan.json', '--format', 'json'])).stdout)).toEqual(doc);
  });

  it('reads a plan of format 1.1 (no whole commands) and shows its flat changes', async () => {
    const cwd = await savedPlan();
    const plan = JSON.parse(readFileSync(join(cwd, 'plan.json'), 'utf8'));
    plan.format_version = '1.1';
    for (const s of plan.scopes)
      for (const a of s.actions) {
        delete a.before;
        delete a.after;
      }
    writeFileSync(join(cwd, 'old.json'), JSON.stringify(plan));
    const r = await run(cwd, ['show', 'old.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('~ chat_input/remind will be updated in place');
    expect(r.stdout).toMatch(/options\[1\]\.name: "when" → "who"/);
  });

  it('a missing or broken plan file is a one-line error with exit 1, never a stack', async () => {
    const cwd = testdir({ 'bad.json': '{ not json' });
    const missing = await run(cwd, ['show', 'nope.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.json: cannot read the plan file.');
    const bad = await run(cwd, ['show', 'bad.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad.json is not a cmdsync plan file (not JSON).');
    expect(missing.stderr + bad.stderr).not.toMatch(STACK);
    const clash = await run(cwd, ['show', 'bad.json', '--json', '--format', 'text']);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('--json and --format text disagree');
  });
});
