/**
 * `cmdsync plan` and `apply` run by hand in a workflow step publish what the
 * Action publishes: a step summary and a log. They mask the same secrets the
 * same way (src/config/: secrets.ts, redact.ts, ci-mask.ts), so a credential pasted into a manifest
 * value is `[REDACTED]` in the summary and the log whichever way cmdsync ran.
 */
import { maskCommands } from '../config/ci-mask.js';
import { redactingStream, secretsRedactor } from '../config/redact.js';
import { secretValues } from '../config/secrets.js';
import { writeStepSummary } from '../github/step-summary.js';
import type { CliContext } from './context.js';

const onGitHub = (ctx: CliContext) => ctx.env.GITHUB_ACTIONS === 'true' || !!ctx.env.GITHUB_STEP_SUMMARY;

/**
 * The context with its streams redacted under GitHub Actions (unchanged
 * elsewhere). `keepStdout`: stdout carries a plan file (`--out -`), which
 * must hold the manifest's values as they are to be applied exactly.
 * The runner hides `::add-mask::`ed values in this and later steps' logs;
 * they go to stderr, which the runner reads for commands as it does stdout.
 */
export function redactedForGitHub(ctx: CliContext, opts: { keepStdout?: boolean } = {}): CliContext {
  if (!onGitHub(ctx)) return ctx;
  const secrets = secretValues(ctx.env);
  if (secrets.length === 0) return ctx;
  if (ctx.env.GITHUB_ACTIONS === 'true') ctx.stderr.write(maskCommands(secrets));
  const redactor = secretsRedactor(ctx.env);
  return {
    ...ctx,
    stdout: opts.keepStdout ? ctx.stdout : redactingStream(ctx.stdout, redactor),
    stderr: redactingStream(ctx.stderr, redactor),
  };
}

/** Appends to `$GITHUB_STEP_SUMMARY` with every secret replaced, as the Action's summary is. */
export function writeRedactedStepSummary(markdown: string, ctx: CliContext): boolean {
  return writeStepSummary(secretsRedactor(ctx.env).redact(markdown), ctx.env);
}
