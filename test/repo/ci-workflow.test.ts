/**
 * .github/workflows/ci.yml is what a contributor's fork runs; .ci/run is what
 * this repository's CI runs. They must check the same things: the README's
 * test command, under the same Node majors, with the same tools installed
 * and required. Read from the three files, so that a change to one without
 * the others fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/fixtures.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  container?: string;
  strategy?: { matrix?: { node?: number[] } };
  env?: Record<string, unknown>;
  steps: Step[];
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const workflow = parse(read('.github/workflows/ci.yml')) as { on: Record<string, unknown>; jobs: Record<string, Job> };
const ciRun = read('.ci/run');
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? s.run.split('\n').map((l) => l.trim()) : []));

describe('the CI workflow a contributor sees runs what .ci/run runs', () => {
  const test = workflow.jobs.test;

  it('runs on every push and pull request', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
  });

  it('covers the Node majors .ci/run tests: the oldest package.json accepts (the machine), and those other-nodes.sh adds', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const oldest = Number(/^>=(\d+)\./.exec(engines)![1]);
    const others = /^bash scripts\/ci\/other-nodes\.sh((?: \d+)+)$/m.exec(ciRun)![1].trim().split(' ').map(Number);
    expect(test.strategy?.matrix?.node).toEqual([oldest, ...others]);
    // Each major's own Node, in the Debian release .ci/run's machine runs.
    expect(test.container).toBe('node:${{ matrix.node }}-bookworm');
  });

  it("runs the README's test command, after the same installs and with the same requirements as .ci/run", () => {
    const development = /## Development\n+```sh\n([\s\S]*?)```/.exec(read('README.md'))![1];
    const readmeCommands = development
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter((l) => l === 'npm ci' || l === 'npm test');
    expect(readmeCommands).toEqual(['npm ci', 'npm test']);
    const installs = ciRun.split('\n').filter((l) => /^bash scripts\/ci\/install-[\w-]+\.sh$/.test(l));
    expect(installs).toHaveLength(2);
    expect(runs(test)).toEqual([...installs, ...readmeCommands]);
    const required = [...ciRun.matchAll(/^export (CMDSYNC_REQUIRE_\w+)=1$/gm)].map((m) => m[1]);
    expect(required.sort()).toEqual(['CMDSYNC_REQUIRE_BROWSER', 'CMDSYNC_REQUIRE_DISCORD_PY']);
    for (const name of required) expect(String(test.env?.[name]), name).toBe('1');
  });

  it('checks that the committed action bundle is what its sources build', () => {
    const job = workflow.jobs['action-bundle'];
    const lines = runs(job);
    expect(lines).toContain('npm ci');
    expect(lines).toContain('npm run build:action');
    expect(lines.indexOf('npm run build:action')).toBeGreaterThan(lines.indexOf('npm ci'));
    expect(lines.some((l) => l.includes('git status --porcelain -- action/'))).toBe(true);
    expect((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['build:action']).toBe(
      'node scripts/build-action.mjs',
    );
  });
});
