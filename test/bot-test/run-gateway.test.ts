/**
 * The runner against a real discord.js bot over the gateway
 * (fixtures/bot-test/bots/gateway/): every kind of step, per-scenario reset
 * with the bot still connected, the clock's advance expiring a token, a
 * `fail:` making the bot's REST call 500, and the bot's process gone after.
 */
import { beforeAll, expect, test } from 'vitest';
import type { RunResult, ScenarioResult } from '../../src/bot-test/model.js';
import { runTestFiles } from '../../src/bot-test/run/run-files.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures.js';

const FILE = join(FIXTURES, 'bot-test/bots/gateway/passing.test.yaml');
let result: RunResult;
const streamed: string[] = [];

/** Running: in the process table and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

beforeAll(async () => {
  result = await runTestFiles({ files: [FILE], onScenario: (_file, s) => streamed.push(s.name) });
}, 120_000);

const scenario = (name: string): ScenarioResult => result.files[0]!.scenarios.find((s) => s.name === name)!;

test('every scenario passes, told one by one as it ends', () => {
  expect(result.files[0]!.problems).toBeUndefined();
  const failing = result.files[0]!.scenarios.filter((s) => s.status !== 'passed');
  expect(failing.map((s) => ({ name: s.name, steps: s.steps }))).toEqual([]);
  expect(result).toMatchObject({ passed: 14, failed: 0, errors: 0 });
  expect(streamed).toEqual(result.files[0]!.scenarios.map((s) => s.name));
});

test('what each step observed is what the member saw', () => {
  const slow = scenario('deferred answer and follow-up').steps[0]!;
  expect(slow.status === 'passed' && slow.observed).toMatchObject({
    reply: { content: 'done' },
    followups: [{ content: 'and one more', ephemeral: true }],
  });
  // Answered at once, then a follow-up 150 ms later: the step, first read after the short quiet period, is read again before it could fail.
  const later = scenario('a follow-up after the reply').steps[0]!;
  expect(later.status === 'passed' && later.observed).toMatchObject({
    reply: { content: 'first' },
    followups: [{ content: 'second' }],
  });
  const click = scenario('button click updates the message').steps[1]!;
  expect(click.status === 'passed' && click.observed.update).toMatchObject({ content: 'Done', components: [] });
});

test('each scenario starts from the saved world, and the bot stayed connected (one ready, the same process)', () => {
  const pid = (name: string, i: number) => {
    const s = scenario(name).steps[i]!;
    return s.status === 'passed' ? s.observed.reply!.content : '';
  };
  expect(pid('a fresh world, the same bot', 1)).toBe(pid('ping answers', 1));
});

test('the transcript holds the steps, the delivery, the answer and the REST requests with their status, never a token', () => {
  const t = scenario('a failing REST call').transcript;
  expect(t[0]).toMatchObject({ kind: 'step', index: 0, action: 'fail' });
  expect(t).toContainEqual(
    expect.objectContaining({ kind: 'request', method: 'POST', route: '/channels/:channelId/messages', status: 500 }),
  );
  expect(t).toContainEqual(expect.objectContaining({ kind: 'delivery', transport: 'gateway', name: 'post' }));
  expect(t).toContainEqual(expect.objectContaining({ kind: 'answer', callbackType: 5 }));
  expect(t).toContainEqual(expect.objectContaining({ kind: 'dispatch', name: 'INTERACTION_CREATE' }));
  expect(JSON.stringify(t)).not.toMatch(/aW50ZXJhY3Rpb246/);
  // A passing scenario keeps no bot output.
  expect(t.some((e) => e.kind === 'bot-output')).toBe(false);
  // In the order things began: the delivery right after its step, before the bot's requests that answered it.
  const step1 = t.findIndex((e) => e.kind === 'step' && e.index === 1);
  expect(t[step1 + 1]).toMatchObject({ kind: 'delivery', delivered: true, name: 'post' });
  expect(t.findIndex((e) => e.kind === 'request' && e.route.includes('/callback'))).toBeGreaterThan(step1 + 1);
});

test("a refusal's transcript says nothing reached the bot, and the refusal carries the rule's reason", () => {
  const refused = result.files[0]!.scenarios.flatMap((s) => s.steps.map((step) => ({ s, step }))).find(
    ({ step }) => step.status === 'passed' && step.observed.refused,
  );
  expect(refused).toBeDefined();
  const { s, step } = refused!;
  expect(step.status === 'passed' && step.observed.refused).toMatch(/\(.+\)$/);
  const from = s.transcript.findIndex((e) => e.kind === 'step' && e.index === step.index);
  const next = s.transcript.findIndex((e, i) => i > from && e.kind === 'step');
  const during = s.transcript.slice(from + 1, next < 0 ? undefined : next);
  expect(during).toContainEqual(expect.objectContaining({ kind: 'delivery', delivered: false }));
  expect(during.some((e) => e.kind === 'dispatch' && e.name === 'INTERACTION_CREATE')).toBe(false);
});

/** The pid the bot reported in the scenario's /whoami step. */
function pidIn(name: string, step: number): number {
  const s = scenario(name).steps[step]!;
  return Number(/pid (\d+)/.exec(s.status === 'passed' ? s.observed.reply!.content : '')![1]);
}

test('restart: true starts a new bot process, ready again before the steps', () => {
  expect(pidIn('after a restart', 0)).not.toBe(pidIn('ping answers', 1));
});

test('no bot process is left after the run (the pids the bots themselves reported)', () => {
  for (const pid of [pidIn('ping answers', 1), pidIn('after a restart', 0)]) {
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  }
});
