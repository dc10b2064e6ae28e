import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/cli/commands/apply.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { CliContext } from '../../src/cli/context.js';
import { detectTerminal } from '../../src/report/terminal.js';
import { ANSI, runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';
import { unmarked } from '../helpers/unmarked.js';

const MANIFEST = [
  'application_id: "500000000000000001"',
  'commands:',
  '  - name: ping',
  '    description: Ping',
  '  - name: echo',
  '    description: Echo a message',
  '    options: [{ type: string, name: text, description: Text, required: true }]',
  'guilds:',
  '  - id: "600000000000000001"',
  '    commands:',
  '      - { name: debug, description: Debug }',
  '    permissions:',
  '      debug: [{ role: everyone, allow: false }]',
].join('\n');

const run = (cwd: string, args: string[], env: Record<string, string> = {}) => runBin(args, { cwd, env });

describe('plan and apply against the embedded emulator (built binary)', () => {
  it('applies from empty, then plans nothing; a change plans exit 2, saves, applies exactly, and a stale plan is refused', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const first = await run(cwd, ['apply', '--emulator', '--auto-approve']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'Apply complete! 3 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 1 permission set replaced.',
    );
    expect(first.stdout + first.stderr).not.toMatch(ANSI);
    expect(existsSync(join(cwd, '.cmdsync/emulator.json'))).toBe(true);

    const again = await run(cwd, ['plan', '--emulator', '--detailed-exitcode']);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('No changes. Remote commands match the manifest.');

    writeFileSync(join(cwd, 'cmdsync.yaml'), MANIFEST.replace('description: Ping', 'description: Ping the bot'));
    const changed = await run(cwd, ['plan', '--emulator', '--detailed-exitcode', '--out', 'plan.json']);
    expect(changed.code).toBe(2);
    expect(changed.stdout).toContain('~ description: "Ping" → "Ping the bot"');
    expect(changed.stdout).toContain('Plan: 0 to add, 1 to change, 0 to destroy. 1 request.');
    const saved = readFileSync(join(cwd, 'plan.json'), 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ format_version: '1.4', request_count: 1 });

    const applied = await run(cwd, ['apply', '--emulator', 'plan.json']);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete! 0 created, 1 updated');

    const stale = await run(cwd, ['apply', '--emulator', 'plan.json']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      /Saved plan is stale: the remote changed since it was made \(global\)\. Run cmdsync plan again\./,
    );
  });

  it('refuses to apply without a terminal unless --auto-approve', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await run(cwd, ['apply', '--emulator']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('apply needs approval');
    expect((await run(cwd, ['plan', '--emulator', '--detailed-exitcode'])).code).toBe(2);
  });

  it('--json prints one document on stdout, human output on stderr', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await run(cwd, ['plan', '--emulator', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ format_version: '1.4', has_changes: true, summary: { create: 3 } });
    expect(doc.changes.map((c: { actions: string[] }) => c.actions[0])).toContain('create');
  });

  it('a manifest with errors is refused with lint findings, before any request', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST.replace('name: ping', 'name: Ping') });
    const r = await run(cwd, ['plan', '--emulator']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/3:11\s+error\s+Name "Ping" must be lowercase/);
    expect(existsSync(join(cwd, '.cmdsync'))).toBe(false);
  });

  it('names the missing credential and never prints a stack', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await run(cwd, ['plan']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('DISCORD_TOKEN');
    expect(r.stderr).not.toMatch(STACK);
  });

  it("maps the service's 50035 back to the manifest's file:line:col", async () => {
    // A manifest that claims more than the service allows: lint takes its limits, the service keeps the spec's.
    // (--emulator sessions take the manifest's limits, and a plan refuses by an emulator's own limits, so this runs
    // against a separate emulator that does not say it is one, as the service.)
    const service = await startEmulator({ rateLimits: false });
    const proxy = await unmarked(service);
    const long = 'x'.repeat(150);
    const cwd = testdir({
      'cmdsync.yaml': `application_id: "${service.credentials.applicationId}"\nlimits: { description_max: 200 }\ncommands:\n  - name: ping\n    description: ${long}\n`,
    });
    const r = await run(cwd, ['apply', '--auto-approve'], {
      CMDSYNC_API_URL: proxy.url,
      DISCORD_TOKEN: service.credentials.botToken,
    }).finally(() => proxy.close().then(() => service.close()));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Apply failed after 1 of 1 request');
    expect(r.stderr).toContain('cmdsync.yaml:5:18: Must be between 1 and 100 in length. [BASE_TYPE_BAD_LENGTH]');
  });
});

describe('the approval prompt', () => {
  function ctxWith(answer: string, cwd: string): { ctx: CliContext; out: () => string; err: () => string } {
    const stdin = new PassThrough();
    stdin.end(answer);
    let out = '';
    let err = '';
    const stdout = new PassThrough().on('data', (d) => (out += d));
    const stderr = new PassThrough().on('data', (d) => (err += d));
    const terminal = {
      ...detectTerminal({ env: {}, stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true }),
      color: false,
    };
    return { ctx: { cwd, env: {}, stdout, stderr, stdin, terminal }, out: () => out, err: () => err };
  }
  const opts = {
    emulator: true,
    debug: false,
    json: false,
    strategy: 'auto' as const,
    force: false,
    guild: [],
    global: false,
    autoApprove: false,
  };

  it('applies only on "yes"', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const no = ctxWith('no\n', cwd);
    expect(await runApply(opts, no.ctx)).toBe(1);
    expect(no.err()).toContain("Only 'yes' will be accepted");
    expect(no.err()).toContain('Apply cancelled.');
    const yes = ctxWith('yes\n', cwd);
    expect(await runApply(opts, yes.ctx)).toBe(0);
    expect(yes.out()).toContain('Apply complete!');
  });
});
