import { describe, expect, it } from 'vitest';
import { detectTerminal } from '../../src/report/terminal.js';

/** The colour convention: off with CI, NO_COLOR or FORCE_COLOR=0; on with FORCE_COLOR=1..3 or --color; else a terminal decides. */
const color = (env: Record<string, string>, tty = true, colorFlag?: boolean): boolean =>
  detectTerminal({
    env,
    stdinIsTTY: tty,
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    ...(colorFlag === undefined ? {} : { colorFlag }),
  }).color;

describe('colour decision', () => {
  it('follows the terminal when nothing says otherwise', () => {
    expect(color({}, true)).toBe(true);
    expect(color({}, false)).toBe(false);
  });

  it('is off on a terminal when CI is set, NO_COLOR is set, or FORCE_COLOR=0', () => {
    expect(color({ CI: 'true' })).toBe(false);
    expect(color({ CI: '1' })).toBe(false);
    expect(color({ NO_COLOR: '1' })).toBe(false);
    expect(color({ FORCE_COLOR: '0' })).toBe(false);
    expect(color({ FORCE_COLOR: 'false' })).toBe(false);
    expect(color({ TERM: 'dumb' })).toBe(false);
  });

  it('is on without a terminal with FORCE_COLOR=1..3 (over CI and NO_COLOR) or --color', () => {
    for (const level of ['1', '2', '3', ''])
      expect(color({ FORCE_COLOR: level, CI: 'true', NO_COLOR: '1' }, false)).toBe(true);
    expect(color({ CI: 'true', NO_COLOR: '1' }, false, true)).toBe(true);
    expect(color({ FORCE_COLOR: '1' }, true, false)).toBe(false);
    expect(color({ CI: 'false' }, true)).toBe(true);
  });
});
