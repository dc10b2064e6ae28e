import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters as strip } from 'node:util';
import { colors, setColor } from '../../src/report/color.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlannedRequest } from '../../src/plan/model.js';
import { createInteractiveProgress } from '../../src/report/apply/interactive.js';
import {
  PlainProgress,
  createApplyProgress,
  requestLabel,
  type ApplyProgress,
} from '../../src/report/apply/progress.js';
import type { ApplyResult } from '../../src/sync/apply-result.js';

const initial = colors().enabled;
afterEach(() => {
  setColor(initial);
});

/** A stream that records what is written; `tty` makes it look like a terminal to ora. */
function fakeStream(tty = false): { stream: Writable & { isTTY?: boolean }; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  }) as Writable & Record<string, unknown>;
  if (tty) {
    Object.assign(stream, {
      isTTY: true,
      columns: 120,
      rows: 40,
      cursorTo: (x: number) => stream.write(x === 0 ? '\r' : `\u001b[${x + 1}G`),
      moveCursor: () => true,
      clearLine: () => stream.write('\u001b[2K'),
    });
  }
  return { stream: stream as Writable & { isTTY?: boolean }, text: () => chunks.join('') };
}

/** What a terminal would show: per line, what was written after the last carriage return. */
function screen(raw: string): string[] {
  return strip(raw)
    .split('\n')
    .map((l) => l.slice(l.lastIndexOf('\r') + 1));
}

const create: PlannedRequest = {
  kind: 'command-create',
  method: 'POST',
  route: '/applications/{app}/commands',
  addresses: ['global/chat_input/ping'],
};
const update: PlannedRequest = {
  kind: 'command-edit',
  method: 'PATCH',
  route: '/applications/{app}/guilds/{guild}/commands/{id}',
  addresses: ['guild:1/chat_input/echo'],
};
const result: ApplyResult = {
  applied: [{ address: 'global/chat_input/ping', kind: 'create' }],
  failed: { address: 'guild:1/chat_input/echo', message: 'x' },
  notApplied: [],
};

/** A clock that advances by a fixed step on each read. */
function clock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

function drive(p: ApplyProgress): void {
  p.start(2);
  p.requestStarted(create, 0);
  p.requestDone(create, 0, 120);
  p.requestStarted(update, 1);
  p.requestFailed(update, 1, '50035 Invalid Form Body\n\u001b[31mdescription: too long');
  p.finish(result);
}

describe('requestLabel', () => {
  it('says what a request does in the user’s words', () => {
    expect(requestLabel(create)).toBe('create global/chat_input/ping');
    expect(requestLabel(update)).toBe('update guild:1/chat_input/echo');
    expect(
      requestLabel({ kind: 'command-delete', method: 'DELETE', route: '/x', addresses: ['global/user/Info'] }),
    ).toBe('delete global/user/Info');
    expect(
      requestLabel({
        kind: 'bulk-overwrite',
        method: 'PUT',
        route: '/applications/{app}/guilds/{guild}/commands',
        addresses: ['guild:1/chat_input/a', 'guild:1/chat_input/b'],
      }),
    ).toBe('overwrite guild:1 (2 commands)');
    expect(
      requestLabel({
        kind: 'permissions',
        method: 'PUT',
        route: '/applications/{app}/guilds/{guild}/commands/{id}/permissions',
        addresses: ['guild:1/chat_input/a'],
      }),
    ).toBe('set permissions of guild:1/chat_input/a');
    expect(
      requestLabel({
        kind: 'command-edit',
        method: 'PATCH',
        route: '/x',
        addresses: ['global/chat_input/a', 'global/chat_input/b', 'global/chat_input/c'],
      }),
    ).toBe('update global/chat_input/a and 2 more');
  });
});

describe('PlainProgress', () => {
  it('writes one line per event and no ANSI at all, even with colour on', () => {
    setColor(true);
    const { stream, text } = fakeStream();
    drive(new PlainProgress(stream, clock(1500)));
    expect(text()).toBe(
      [
        'Applying: 2 requests to send.',
        '[1/2] create global/chat_input/ping …',
        '[1/2] ✓ create global/chat_input/ping (120 ms)',
        '[2/2] update guild:1/chat_input/echo …',
        '[2/2] ✗ update guild:1/chat_input/echo: 50035 Invalid Form Body description: too long',
        'Sent 1 of 2 requests in 1.5s.',
        '',
      ].join('\n'),
    );
    expect(text()).not.toContain('\u001b');
  });
});

describe('interactive progress', () => {
  it('persists one ✓/✗ line per request through ora on a terminal', async () => {
    setColor(true);
    const { stream, text } = fakeStream(true);
    const p = await createInteractiveProgress({ stream, isEnabled: true, color: true, now: clock(100) });
    drive(p);
    const out = strip(text());
    expect(out).toContain('✓ [1/2] create global/chat_input/ping 120 ms\n');
    expect(out).toContain('✗ [2/2] update guild:1/chat_input/echo: 50035 Invalid Form Body description: too long\n');
    expect(out).toContain('Sent 1 of 2 requests in 100 ms.\n');
    // Coloured symbols, and the hostile escape in the service message is gone.
    expect(text()).toContain(colors().green('✓'));
    expect(text()).not.toContain('\u001b[31mdescription');
  });

  it('prints only the final lines when ora is disabled', async () => {
    setColor(false);
    const { stream, text } = fakeStream();
    drive(await createInteractiveProgress({ stream, isEnabled: false, color: false, now: clock(100) }));
    expect(text()).not.toContain('\u001b');
    expect(text()).toContain('✓ [1/2] create global/chat_input/ping 120 ms\n');
  });
});

describe('createApplyProgress', () => {
  it('is plain without an interactive terminal or without colour', async () => {
    for (const term of [
      { interactive: false, color: true },
      { interactive: true, color: false },
      { interactive: false, color: false },
    ]) {
      const { stream } = fakeStream();
      expect(await createApplyProgress(term, { stream })).toBeInstanceOf(PlainProgress);
    }
  });

  it('uses the spinner on an interactive, coloured terminal', async () => {
    const { stream, text } = fakeStream(true);
    const p = await createApplyProgress({ interactive: true, color: true }, { stream, now: clock(1) });
    expect(p).not.toBeInstanceOf(PlainProgress);
    drive(p);
    expect(strip(text())).toContain('✓ [1/2] create global/chat_input/ping');
  });
});

describe('module boundaries', () => {
  it('never imports ora statically from src/, so lint never loads it', () => {
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const offenders = files.filter((f) =>
      /^\s*import\s+(?!type\b)[^;]*from\s+['"]ora['"]/m.test(readFileSync(join('src', f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('interactive progress with requests in flight together', () => {
  it('keeps spinning for the requests still running and persists each line once', async () => {
    setColor(false);
    const { stream, text } = fakeStream(true);
    const p = await createInteractiveProgress({ stream, isEnabled: true, color: false, now: clock(1) });
    const a: PlannedRequest = {
      kind: 'command-create',
      method: 'POST',
      route: '/r',
      addresses: ['guild:1/chat_input/a'],
    };
    const b: PlannedRequest = {
      kind: 'command-create',
      method: 'POST',
      route: '/r',
      addresses: ['guild:2/chat_input/b'],
    };
    p.start(2);
    p.requestStarted(a, 0);
    p.requestStarted(b, 1);
    expect(strip(text())).toContain('[1/2] create guild:1/chat_input/a (+1 more in flight)');
    p.requestDone(b, 1, 5);
    expect(strip(text()).split('\n').at(-1)).toMatch(/\[1\/2\] create guild:1\/chat_input\/a$/);
    p.requestDone(a, 0, 7);
    p.finish({ applied: [], notApplied: [] });
    const persisted = screen(text()).filter((l) => l.startsWith('✓'));
    expect(persisted).toEqual(['✓ [2/2] create guild:2/chat_input/b 5 ms', '✓ [1/2] create guild:1/chat_input/a 7 ms']);
    expect(strip(text())).toContain('Sent 2 of 2 requests');
  });
});
