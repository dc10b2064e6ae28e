import type { RunResult } from '../../bot-test/model.js';

/**
 * The format of `cmdsync test --json`. Consumers ignore keys they do not
 * know and refuse a major version they do not; a new field is a minor bump
 * (1.1: `botExit` on a file and on a scenario; 1.2: `botError` on a failed step, late entries in a
 * scenario's transcript, a failed step's `withinMs`, `commandDrift` on a file, `drifted` and `ok` on the run;
 * 1.3: a step's observed `messages` and `acted`, each observed message's `reactions`; 1.4: a step's observed
 * `world` facts, a file's `shims`; 1.5: a file's `clockNotMoved`, the `advance` step's `update`, the `restart` step;
 * 1.6: each observed message's `in` (`#channel` or `dm <user>`), the `dm` step).
 */
export const TEST_JSON_FORMAT_VERSION = '1.6';

/** The run's result as it is, with the format's version first: stable, one document. */
export function renderTestJson(result: RunResult): string {
  const { files, passed, failed, errors, drifted, ok, durationMs } = result;
  const doc = { format_version: TEST_JSON_FORMAT_VERSION, ok, passed, failed, errors, drifted, durationMs, files };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
