/**
 * Deploy reports: the embed (`deployReportEmbed`) and posting it
 * (`notifyDeploy`) to the emulator, where a failure is one redacted warning
 * and never an exception.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifyDeploy, notifyUrl } from '../../src/cli/notify.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { Plan } from '../../src/plan/model.js';
import { deployReportEmbed, REPORT_COLORS } from '../../src/report/notify.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { validateEmbeds } from '../../src/wire/webhook.js';
import { captureContext } from '../pull/context.js';
import { testdir } from '../helpers/tmp.js';
import { action, basePlan, emptyPlan, fullPlan, GUILD, scope } from '../report/plan-fixtures.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { hookUrl, lastMessage, messageCount } from './helpers.js';

const CI = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/bot', GITHUB_RUN_ID: '123456' };
const NOW = new Date('2025-06-01T12:00:00.000Z');
const field = (e: { fields: Array<{ name: string; value: string }> }, name: string) =>
  e.fields.find((f) => f.name === name)?.value;
const valid = (e: unknown) =>
  expect(validateEmbeds([e], resolveLimits()).filter((p) => p.severity === 'error')).toEqual([]);

/** A plan with `n` commands to create in the global scope. */
function bigPlan(n: number, name = (i: number) => `cmd${i}`): Plan {
  const actions = Array.from({ length: n }, (_, i) =>
    action({ kind: 'create', address: `global/chat_input/${name(i)}`, name: name(i) }),
  );
  return basePlan({
    scopes: [scope({ key: 'global', scope: { kind: 'global' }, actions })],
    summary: { create: n, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 },
    request_count: n,
  });
}

describe('deployReportEmbed', () => {
  test('plan with changes: application, scopes, counts, changed commands, result, CI link', () => {
    const e = deployReportEmbed({ plan: fullPlan(), command: 'plan', env: CI, now: NOW });
    expect(e.title).toBe('cmdsync plan: changes to apply');
    expect(e.color).toBe(REPORT_COLORS.pending);
    expect(e.url).toBe('https://github.com/acme/bot/actions/runs/123456');
    expect(field(e, 'Application')).toBe('999');
    expect(field(e, 'Scopes')).toBe(`global, guild:${GUILD}`);
    expect(field(e, 'Changes')).toBe('create 1 · update 1 · rename 1 · replace 1 · delete 1 · permission sets 2');
    const commands = field(e, 'Changed commands')!;
    expect(commands).toContain('+   global/chat_input/ping');
    expect(commands).toContain('-   global/chat_input/old');
    expect(commands).toContain(`-/+ guild:${GUILD}/message/Profile`);
    expect(commands).not.toContain('same');
    expect(field(e, 'Result')).toContain('Planned only: nothing was applied');
    expect(field(e, 'CI run')).toBe('[acme/bot #123456](https://github.com/acme/bot/actions/runs/123456)');
    expect(e.timestamp).toBe(NOW.toISOString());
    expect(e.footer.text).toMatch(/^cmdsync \d/);
    valid(e);
  });

  test('no CI variables: no link; an attempt > 1 links to the attempt', () => {
    const e = deployReportEmbed({ plan: emptyPlan(), command: 'plan', env: {} });
    expect(e.url).toBeUndefined();
    expect(field(e, 'CI run')).toBeUndefined();
    expect(e.title).toBe('cmdsync plan: no changes');
    expect(e.color).toBe(REPORT_COLORS.success);
    expect(field(e, 'Changed commands')).toBeUndefined();
    expect(deployReportEmbed({ plan: emptyPlan(), command: 'plan', env: { ...CI, GITHUB_RUN_ATTEMPT: '2' } }).url).toBe(
      'https://github.com/acme/bot/actions/runs/123456/attempts/2',
    );
    expect(
      deployReportEmbed({
        plan: emptyPlan(),
        command: 'plan',
        env: { GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '1' },
      }).url,
    ).toBeUndefined();
  });

  test('apply: success, failure, permissions skipped', () => {
    const plan = fullPlan();
    const ok = deployReportEmbed({
      plan,
      command: 'apply',
      env: CI,
      result: { applied: [{ address: 'global/chat_input/ping', kind: 'create' }], notApplied: [] },
    });
    expect(ok.title).toBe('cmdsync apply: applied');
    expect(ok.color).toBe(REPORT_COLORS.success);
    expect(field(ok, 'Result')).toBe(
      'Apply complete: 1 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 0 permission sets replaced.',
    );

    const failed = deployReportEmbed({
      plan,
      command: 'apply',
      env: CI,
      result: {
        applied: [{ address: 'global/chat_input/ping', kind: 'create' }],
        failed: {
          address: 'global/chat_input/echo',
          message: 'PATCH → 400 Invalid Form Body\n  description: too long',
        },
        notApplied: [{ address: 'global/chat_input/old', kind: 'delete' }],
      },
    });
    expect(failed.title).toBe('cmdsync apply: failed');
    expect(failed.color).toBe(REPORT_COLORS.failure);
    expect(field(failed, 'Result')).toMatch(
      /^Failed at global\/chat_input\/echo: PATCH → 400 Invalid Form Body +description: too long\n/,
    );
    expect(field(failed, 'Result')).toContain('Applied 1, not applied 1');

    const partial = deployReportEmbed({
      plan,
      command: 'apply',
      env: {},
      result: {
        applied: [],
        notApplied: [],
        permissionsSkipped: 'Permission sets were not applied: no DISCORD_BEARER_TOKEN.',
      },
    });
    expect(partial.color).toBe(REPORT_COLORS.partial);
    expect(field(partial, 'Result')).toContain('no DISCORD_BEARER_TOKEN');

    const error = deployReportEmbed({ plan, command: 'apply', env: {}, error: 'apply needs approval' });
    expect(error.title).toBe('cmdsync apply: failed');
    expect(field(error, 'Result')).toBe('Failed: apply needs approval');
    for (const e of [ok, failed, partial, error]) valid(e);
  });

  test('only the first 10 changed commands, then "… and N more"; huge plans stay inside the embed limits', () => {
    const e = deployReportEmbed({ plan: bigPlan(25), command: 'plan', env: CI });
    const commands = field(e, 'Changed commands')!;
    expect(commands).toContain('cmd9');
    expect(commands).not.toContain('cmd10');
    expect(commands).toContain('… and 15 more');
    valid(e);
    const long = deployReportEmbed({
      plan: bigPlan(500, (i) => `${'n'.repeat(200)}${i}\`\`\`@everyone`),
      command: 'plan',
      env: CI,
    });
    valid(long);
    expect(field(long, 'Changed commands')!.match(/```/g)).toHaveLength(2);
    const errors = basePlan({
      errors: Array.from({ length: 200 }, (_, i) => ({
        rule: 'x',
        severity: 'error' as const,
        path: [],
        message: `problem ${i} ${'z'.repeat(50)}`,
      })),
    });
    valid(deployReportEmbed({ plan: errors, command: 'plan', env: CI }));
  });
});

describe('notifyDeploy', () => {
  let emu: RunningEmulator;
  let c: Client;
  let hook: { id: string; token: string };
  beforeAll(async () => {
    ({ emu, client: c } = await startWebhookEmulator());
    hook = await c.create(IDS.text, 'Deploys');
  });
  afterAll(async () => {
    await emu.close();
  });

  test('posts the embed with mentions disabled; --notify wins over CMDSYNC_NOTIFY_WEBHOOK', async () => {
    const ctx = captureContext(testdir(), { ...CI, CMDSYNC_NOTIFY_WEBHOOK: 'https://example.invalid/not-used' });
    await notifyDeploy(hookUrl(emu, hook), { plan: fullPlan(), command: 'plan' }, ctx);
    const m = lastMessage(emu).message;
    expect(m.embeds).toHaveLength(1);
    expect(m.embeds[0]).toMatchObject({
      title: 'cmdsync plan: changes to apply',
      url: 'https://github.com/acme/bot/actions/runs/123456',
    });
    expect(m.mention_everyone).toBe(false);
    expect(ctx.err()).toMatch(/^Posted the deploy report to the notify webhook \(message \d+\)\.\n$/);
    expect(ctx.out()).toBe('');
    expect(ctx.err()).not.toContain(hook.token);
  });

  test('CMDSYNC_NOTIFY_WEBHOOK is used when no flag is given; nothing at all when neither is set', async () => {
    const ctx = captureContext(testdir(), { CMDSYNC_NOTIFY_WEBHOOK: hookUrl(emu, hook) });
    const before = messageCount(emu);
    await notifyDeploy(undefined, { plan: emptyPlan(), command: 'apply' }, ctx);
    expect(messageCount(emu)).toBe(before + 1);
    const quiet = captureContext(testdir(), {});
    await notifyDeploy(undefined, { plan: emptyPlan(), command: 'apply' }, quiet);
    expect(quiet.err()).toBe('');
    expect(messageCount(emu)).toBe(before + 1);
    expect(notifyUrl('  ', { CMDSYNC_NOTIFY_WEBHOOK: 'x' })).toBe('x');
  });

  test('failures are one redacted warning line and never throw: wrong token, bad URL, unreachable host', async () => {
    const wrong = 'q'.repeat(68);
    for (const url of [
      `${emu.url}/webhooks/${hook.id}/${wrong}`,
      'not a url',
      `http://127.0.0.1:1/api/v10/webhooks/${hook.id}/${wrong}`,
    ]) {
      const ctx = captureContext(testdir(), {});
      await expect(
        notifyDeploy(url, { plan: fullPlan(), command: 'apply', result: { applied: [], notApplied: [] } }, ctx),
      ).resolves.toBeUndefined();
      const lines = ctx.err().trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^warning: could not post the deploy report to the notify webhook: /);
      expect(ctx.err()).not.toContain(wrong);
      expect(ctx.out()).toBe('');
    }
  });
});
