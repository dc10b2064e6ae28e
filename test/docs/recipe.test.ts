import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STARTER } from '../../src/cli/commands/init.js';
import { SCHEMA_MODELINE } from '../../src/manifest/write.js';
import { ROOT } from '../helpers/fixtures.js';

/** A user who runs `cmdsync init` and copies the README's CI recipe gets a workflow that works. */
describe("init's template, the schema modeline and the README's CI recipe agree", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const recipe = parse(/## CI recipe[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)![1]) as {
    permissions: Record<string, string>;
    jobs: {
      sync: {
        env?: Record<string, string>;
        steps: Array<{ uses?: string; with?: Record<string, string>; if?: string; env?: Record<string, string> }>;
      };
    };
  };
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
  };
  const ours = recipe.jobs.sync.steps.filter((s) => s.uses?.startsWith('cmdsync/cmdsync@'));

  it('every variable the starter manifest reads is set for every step of the action, lint included (a missing one is a warning)', () => {
    const vars = [...STARTER.matchAll(/^[^#\n]*\$\{([A-Z_]+)/gm)].map((m) => m[1]);
    expect(vars).toContain('DISCORD_APPLICATION_ID');
    expect(ours).toHaveLength(3);
    for (const step of ours)
      for (const v of vars)
        expect(Object.keys({ ...recipe.jobs.sync.env, ...step.env }), `${step.with?.command} sets ${v}`).toContain(v);
  });

  it('uses the action as action.yml declares it, with the permission its comment needs', () => {
    expect(ours.map((s) => s.with?.command)).toEqual(['lint', 'plan', 'apply']);
    for (const step of ours)
      for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
    const outputs = [...JSON.stringify(recipe).matchAll(/steps\.plan\.outputs\.([\w-]+)/g)].map((m) => m[1]);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) expect(Object.keys(action.outputs)).toContain(output);
    expect(recipe.permissions['pull-requests']).toBe('write');
    // The apply commits cmdsync.lock.json back: without it a keyed webhook's rename is a delete + create.
    expect(recipe.permissions.contents).toBe('write');
  });

  it('the modeline points where an install as a development dependency puts the schema', () => {
    expect(STARTER.startsWith(SCHEMA_MODELINE)).toBe(true);
    const path = /\$schema=\.\/node_modules\/cmdsync\/(\S+)/.exec(SCHEMA_MODELINE)![1];
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; files: string[] };
    expect(pkg.name).toBe('cmdsync');
    expect(pkg.files.some((f) => path.startsWith(`${f}/`))).toBe(true);
    expect(() => readFileSync(join(ROOT, path))).not.toThrow();
  });
});
