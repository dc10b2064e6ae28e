import { relative } from 'node:path';
import { findTestFiles } from '../../bot-test/file/discover.js';
import type { RunResult } from '../../bot-test/model.js';
import { runTestFiles } from '../../bot-test/run/run-files.js';
import { UsageError } from '../../errors.js';
import { describeFailure } from '../../github/failure.js';
import { formatTestAnnotations } from '../../report/bot-test/annotations.js';
import { formatTestMarkdown } from '../../report/bot-test/markdown.js';
import { renderTestRun, scenarioLine, summaryLine } from '../../report/bot-test/text.js';
import { withPaint } from '../../report/bot-test/paint.js';
import { writeLine } from '../context.js';
import { parseTestArgs } from './ci-action-args.js';
import { failed } from './ci-action-failed.js';
import { appendSummary, setOutputs, title, type ActionIO } from './ci-action-io.js';

/**
 * The Action's `command: test`: the bot test files named in `args` (default
 * every `*.test.yaml`), run as `cmdsync test` runs them; each failing step
 * an `::error` at its line, the step summary, the outputs; exit 1 when any
 * scenario did not pass.
 */
export async function actionTest(io: ActionIO): Promise<number> {
  const { ctx, inputs } = io;
  let result: RunResult;
  try {
    const opts = await parseTestArgs(inputs.args);
    if (opts.json || opts.reporter !== 'text')
      throw new UsageError(
        'the action prints its own report and annotations: leave --json and --reporter out of args (run `cmdsync test` in a step of its own for a junit file).',
      );
    const files = await findTestFiles(ctx.cwd, opts.files);
    if (files.length === 0)
      throw new UsageError(
        opts.files.length
          ? `no test files match ${opts.files.join(' ')}`
          : `no *.test.yaml files under ${ctx.cwd} (node_modules left out)`,
      );
    result = await runTestFiles({
      files,
      env: { ...ctx.env },
      bot: opts.bot,
      ...(opts.readyTimeout !== undefined ? { readyTimeoutMs: opts.readyTimeout * 1000 } : {}),
      ...(opts.strict ? { strict: true } : {}),
      onScenario: (file, scenario) =>
        writeLine(ctx.stdout, scenarioLine(scenario.at.file || relative(ctx.cwd, file), scenario, false)),
    });
  } catch (err) {
    return failed(io, 'test', describeFailure(err, io.run));
  }
  writeLine(ctx.stdout, renderTestRun(result, { color: false }));
  const paths = { cwd: ctx.cwd, ...(ctx.env.GITHUB_WORKSPACE ? { workspace: ctx.env.GITHUB_WORKSPACE } : {}) };
  for (const line of formatTestAnnotations(result, paths)) writeLine(ctx.stdout, line);
  appendSummary(io, formatTestMarkdown(title('test', inputs), result));
  const code = result.ok ? 0 : 1;
  setOutputs(io, {
    'exit-code': String(code),
    'has-changes': 'false',
    'plan-file': '',
    summary: withPaint(false, (p) => summaryLine(p, result)),
  });
  return code;
}
