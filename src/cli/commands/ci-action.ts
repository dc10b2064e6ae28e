import { relative, resolve, sep } from 'node:path';
import { describeFailure } from '../../github/failure.js';
import { readActionInputs } from '../../github/inputs.js';
import { readRunContext } from '../../github/run-context.js';
import { countReport, formatLintReport, reportsByFile, type FileReport } from '../../report/lint/index.js';
import { formatLintMarkdown, lintCounts } from '../../report/lint/markdown.js';
import type { CliContext } from '../context.js';
import { interpolationEnv, locateManifest } from '../workspace.js';
import { parseLintArgs } from './ci-action-args.js';
import { commentLint, failed } from './ci-action-failed.js';
import { appendSummary, openActionIO, setOutputs, title, type ActionIO } from './ci-action-io.js';
import { actionApply, actionPlan } from './ci-action-sync.js';
import { actionTest } from './ci-action-test.js';
import { lintPath } from './lint.js';

/**
 * The GitHub Action's step (action-main.ts). It reads the inputs the
 * runner passes as `INPUT_*` variables, calls the library as the
 * CLI's lint, plan and apply do, then sets the step's outputs, writes the
 * step summary and keeps one comment on the pull request up to date. A
 * comment that cannot be posted is a warning: the plan or apply is what the
 * job is for.
 */
export async function runCiAction(ctx: CliContext): Promise<number> {
  const inputs = readActionInputs(ctx.env);
  const io = openActionIO(ctx, inputs, readRunContext(ctx.env));
  switch (inputs.command) {
    case 'lint':
      return actionLint(io);
    case 'plan':
      return actionPlan(io);
    case 'apply':
      return actionApply(io);
    case 'test':
      return actionTest(io);
  }
}

async function actionLint(io: ActionIO): Promise<number> {
  const { ctx, inputs } = io;
  let reports: FileReport[];
  let quiet = false;
  let maxWarnings: number | undefined;
  try {
    const opts = await parseLintArgs(inputs.args, ctx);
    quiet = opts.quiet;
    maxWarnings = opts.maxWarnings;
    const paths = opts.files.length > 0 ? opts.files : [locateManifest(ctx, inputs.manifest ?? opts.manifest)];
    const env = { cwd: ctx.cwd, env: interpolationEnv(ctx) };
    reports = paths.flatMap((path) => {
      const linted = lintPath(path, env);
      return reportsByFile(linted.file, linted.diagnostics);
    });
  } catch (err) {
    return failed(io, 'lint', describeFailure(err, io.run));
  }
  // GitHub places an annotation by its path from the repository root; cmdsync names files from where it ran.
  const fromRoot = (file: string) =>
    relative(ctx.env.GITHUB_WORKSPACE || ctx.cwd, resolve(ctx.cwd, file))
      .split(sep)
      .join('/');
  const shown = reports.map((r) => ({
    file: fromRoot(r.file),
    diagnostics: r.diagnostics
      .filter((d) => !quiet || d.severity === 'error')
      .map((d) => ({ ...d, file: fromRoot(d.file) })),
  }));
  const report = countReport(shown);
  ctx.stdout.write(formatLintReport(report, 'github'));
  appendSummary(io, formatLintMarkdown(report, { title: title('lint', inputs) }));
  const tooManyWarnings = maxWarnings !== undefined && countReport(reports).warningCount > maxWarnings;
  const code = report.errorCount > 0 || tooManyWarnings ? 1 : 0;
  setOutputs(io, { 'exit-code': String(code), 'has-changes': 'false', 'plan-file': '', summary: lintCounts(report) });
  const findings = shown.flatMap((r) =>
    r.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message} (${d.rule})`),
  );
  const headline = tooManyWarnings
    ? `${lintCounts(countReport(reports))}: more warnings than --max-warnings ${maxWarnings} allows`
    : lintCounts(report);
  await commentLint(io, { passed: code === 0, headline, findings });
  return code;
}
