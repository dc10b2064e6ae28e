import type { RunResult } from '../../bot-test/model.js';

/**
 * The format of `cmdsync test --json`. Consumers ignore keys they do not
 * know and refuse a major version they do not; a new field is a minor bump
 * (1.1: `botExit` on a file and on a scenario; 1.2: `botError` on a failed step, late entries in a
 * scenario's transcript, and a failed step's `withinMs`, how long it was read again).
 */
export const TEST_JSON_FORMAT_VERSION = '1.2';

/** The run's result as it is, with the format's version first: stable, one document. */
export function renderTestJson(result: RunResult): string {
  const { files, passed, failed, errors, durationMs } = result;
  return `${JSON.stringify({ format_version: TEST_JSON_FORMAT_VERSION, passed, failed, errors, durationMs, files }, null, 2)}\n`;
}
