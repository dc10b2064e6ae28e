/**
 * `cmdsync click`, `select` and `submit-modal` (and `invoke` showing an
 * opened form), as spawned processes against a spawned `cmdsync emulator`
 * whose application's endpoint is a signed HTTP bot.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, spawnEmulatorCli, STACK } from '../helpers/cli.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { ANN, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { answerFor, componentSeed } from '../emulator/component-bot.js';

describe('cmdsync click, select and submit-modal against a running emulator', () => {
  let dir: string;
  let endpoint: SignedEndpoint;
  let proc: ChildProcess;
  let env: Record<string, string>;
  const keys = { publicKey: '', apiBase: '' };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-components-'));
    endpoint = await startSignedEndpoint({
      publicKey: () => keys.publicKey,
      answer: (i, reply) =>
        i.type === 1 ? reply({ type: 1 }) : reply(answerFor(i, (w) => void setTimeout(w, 50), keys.apiBase)),
    });
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(componentSeed()));
    const em = await spawnEmulatorCli(
      ['--port', '0', '--seed', 'seed.json', '--no-rate-limits', '--interactions-url', endpoint.url],
      { cwd: dir },
    );
    proc = em.proc;
    keys.publicKey = em.vars.DISCORD_PUBLIC_KEY!;
    keys.apiBase = em.vars.CMDSYNC_API_URL!;
    env = {
      CMDSYNC_API_URL: em.vars.CMDSYNC_API_URL!,
      CMDSYNC_EMULATOR_CONTROL_TOKEN: em.vars.CMDSYNC_EMULATOR_CONTROL_TOKEN!,
    };
  }, 30_000);
  afterAll(async () => {
    proc?.kill('SIGTERM');
    await endpoint?.close();
  });

  async function panel(): Promise<string> {
    const r = await runBin(['invoke', '/panel', '--channel', GENERAL, '--user', BOB, '--json'], { cwd: dir, env });
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout).original.id;
  }

  it('click: prints the message as updated, exit 0; --json has the interaction (token masked) and the message', async () => {
    const messageId = await panel();
    const r = await runBin(['click', messageId, 'Confirm', '--user', 'ann'], { cwd: dir, env });
    expect(r.stdout).toBe(`Helper updated the message:\n  Confirmed by <@${ANN}>\n`);
    expect(r.code).toBe(0);
    const again = await runBin(['click', messageId, 'Confirm', '--user', 'ann', '--json'], { cwd: dir, env });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'refused', refusal: { kind: 'unknown-component' } });
  });

  it('invoke names the message id of an answer with components, and the command that uses them (stderr)', async () => {
    const r = await runBin(['invoke', '/panel', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toContain('[button: Confirm]');
    const hint =
      /^hint: message (\d+) has components: cmdsync click \1 Confirm --user (\d+), or cmdsync select \1 Fruit VALUE… --user \2$/m.exec(
        r.stderr,
      );
    expect(hint?.[2]).toBe(BOB);
    const clicked = await runBin(['click', hint![1]!, 'Confirm', '--user', BOB], { cwd: dir, env });
    expect(clicked.code).toBe(0);
  });

  it('click --json on a live button', async () => {
    const messageId = await panel();
    const r = await runBin(['click', messageId, 'confirm', '--user', BOB, '--json'], { cwd: dir, env });
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      outcome: 'answered',
      callback: { type: 7 },
      interaction: { type: 3, token: '[redacted]', data: { custom_id: 'confirm' } },
      message: { id: messageId },
    });
    expect(r.code).toBe(0);
  });

  it('select: a reply to the message, and a user select by name', async () => {
    const messageId = await panel();
    const r = await runBin(['select', messageId, 'Fruit', 'apple', 'Banana', '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toBe('Helper answered:\n  you chose apple, banana\n');
    expect(r.code).toBe(0);
    const who = await runBin(['select', messageId, 'who', '@ann', '--user', BOB], { cwd: dir, env });
    // 7 without components keeps the message's components.
    expect(who.stdout).toBe(
      `Helper updated the message:\n  picked ${ANN} roles \n  [button: Confirm]\n  [button: Later]\n  [button: Gone]\n  [button: Docs]\n  [button: Ask]\n  [select: Fruit]\n  [select: Who]\n  [select: Whom]\n`,
    );
  });

  it('refusals print why nothing was sent, exit 1, no stack', async () => {
    const messageId = await panel();
    const disabled = await runBin(['click', messageId, 'Gone', '--user', BOB], { cwd: dir, env });
    expect(disabled.stdout).toBe('Nothing was sent: "Gone" is disabled\n');
    expect(disabled.code).toBe(1);
    const link = await runBin(['click', messageId, 'Docs', '--user', BOB], { cwd: dir, env });
    expect(link.stdout).toContain('link button');
    const value = await runBin(['select', messageId, 'fruit', 'mango', '--user', BOB], { cwd: dir, env });
    expect(value.stdout).toContain('"mango" is not an option');
    expect(value.code).toBe(1);
    const bad = await runBin(['click', 'not-an-id', 'x'], { cwd: dir, env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('MESSAGE_ID is a message id');
    for (const r of [disabled, link, value, bad]) expect(r.stderr + r.stdout).not.toMatch(STACK);
  });

  it('invoke prints the opened form with its fields; submit-modal sends it; a field failing its checks is refused', async () => {
    const opened = await runBin(['invoke', '/form', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(opened.stdout).toBe(
      [
        'Helper opened a form:',
        '  [form] Feedback',
        '    Your text (text): paragraph, required, 3–20 characters',
        '    Mood (mood): one line, optional, pre-filled: "fine"',
        `  submit it with: cmdsync submit-modal --user ${BOB} FIELD=VALUE…`,
        '',
      ].join('\n'),
    );
    expect(opened.code).toBe(0);
    const short = await runBin(['submit-modal', '--user', BOB, 'text=ab'], { cwd: dir, env });
    expect(short.stdout).toBe('Nothing was sent: "Your text" needs at least 3 characters (got 2)\n');
    expect(short.code).toBe(1);
    const sent = await runBin(['submit-modal', '--user', 'bob', 'Your text=a=b c'], { cwd: dir, env });
    expect(sent.stdout).toBe('Helper answered:\n  thanks: a=b c\n');
    expect(sent.code).toBe(0);
    const none = await runBin(['submit-modal', '--user', BOB, 'text=again'], { cwd: dir, env });
    expect(none.stdout).toContain('has no modal open');
    expect(none.code).toBe(1);
    const noUser = await runBin(['submit-modal', 'text=x'], { cwd: dir, env });
    expect(noUser.stderr).toContain('needs --user');
    expect(noUser.code).toBe(1);
  });
});
