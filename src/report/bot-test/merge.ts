/**
 * Shards' `--json` reports as one run (`cmdsync test --merge`), the way
 * Playwright's merge-reports joins its blobs: files in path order, totals
 * added, the duration the longest shard's (they ran side by side). A report
 * of another major format, or not one at all, is refused with its name.
 */
import type { RunResult } from '../../bot-test/model.js';
import { TEST_JSON_FORMAT_VERSION } from './json.js';

export interface ShardReport {
  /** Where it was read from, for the refusal's words. */
  name: string;
  text: string;
}

export type MergeOutcome = { ok: true; result: RunResult } | { ok: false; problem: string };

const MAJOR = TEST_JSON_FORMAT_VERSION.split('.')[0];

function readReport(report: ShardReport): RunResult | string {
  let doc: unknown;
  try {
    doc = JSON.parse(report.text);
  } catch {
    return `${report.name} is not JSON: give the files \`cmdsync test --json --output FILE\` wrote.`;
  }
  const d = doc as Partial<RunResult> & { format_version?: unknown };
  if (typeof d !== 'object' || d === null || typeof d.format_version !== 'string' || !Array.isArray(d.files))
    return `${report.name} is not a \`cmdsync test --json\` report.`;
  if (d.format_version.split('.')[0] !== MAJOR)
    return `${report.name} is format ${d.format_version}; this cmdsync reads ${MAJOR}.x.`;
  return {
    files: d.files,
    passed: Number(d.passed) || 0,
    failed: Number(d.failed) || 0,
    errors: Number(d.errors) || 0,
    drifted: Number(d.drifted) || 0,
    // A report from before `ok` (format 1.1): no drift could fail it.
    ok: typeof d.ok === 'boolean' ? d.ok : Number(d.failed) + Number(d.errors) === 0,
    durationMs: Number(d.durationMs) || 0,
  };
}

/** One run from the shards' reports; a file that two shards both ran is a problem (the shards overlap). */
export function mergeRuns(reports: readonly ShardReport[]): MergeOutcome {
  if (reports.length === 0) return { ok: false, problem: 'no reports to merge.' };
  const runs: RunResult[] = [];
  for (const report of reports) {
    const run = readReport(report);
    if (typeof run === 'string') return { ok: false, problem: run };
    runs.push(run);
  }
  const files = runs.flatMap((r) => r.files).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const twice = files.find((f, i) => i > 0 && files[i - 1]!.path === f.path);
  if (twice) return { ok: false, problem: `${twice.path} is in two reports: the shards overlap.` };
  return {
    ok: true,
    result: {
      files,
      passed: runs.reduce((n, r) => n + r.passed, 0),
      failed: runs.reduce((n, r) => n + r.failed, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      drifted: runs.reduce((n, r) => n + r.drifted, 0),
      ok: runs.every((r) => r.ok),
      durationMs: Math.max(...runs.map((r) => r.durationMs)),
    },
  };
}
