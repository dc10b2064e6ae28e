import { ManifestErrorsError } from '../sync/load.js';
import { CmdsyncError } from '../errors.js';
import type { Diagnostic } from '../manifest/diagnostic.js';
import { CredentialsError } from '../config/errors.js';
import { DiscordAPIError, HTTPError } from '../remote/errors.js';
import type { RunContext } from './run-context.js';

/**
 * Why a plan or apply stopped before it had a result, as the action tells
 * it: one line for the `::error` annotation, the output and the comment's
 * headline; the lines behind it (findings); and what to do, when the cause
 * is one the user fixes in the workflow rather than in the manifest.
 */
export interface ActionFailure {
  /** The error's stable code (`CREDENTIALS_MISSING`, `MASS_DELETE_REFUSED`…), `INTERNAL` for a bug. */
  code: string;
  reason: string;
  details: string[];
  hint?: string;
  /** Findings with their place in the manifest, for annotations on the diff. */
  findings: Diagnostic[];
}

const FORK_HINT =
  'GitHub does not pass secrets to workflows run for pull requests from forks, so this run has no DISCORD_TOKEN and cannot read the deployed commands. ' +
  'The manifest was still linted. To see the plan, a maintainer can push the branch to this repository and open the pull request from there; ' +
  'or skip the plan for forks with `if: github.event.pull_request.head.repo.full_name == github.repository` on the plan step.';

const SECRET_HINT =
  'Add the bot token as a repository secret and pass it to the step: `env: { DISCORD_TOKEN: ${{ secrets.DISCORD_TOKEN }} }` (or DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET for commands only).';

export function describeFailure(err: unknown, run: RunContext): ActionFailure {
  if (err instanceof ManifestErrorsError) {
    const errors = err.diagnostics.filter((d) => d.severity === 'error');
    const lines = errors.map((d) => `${d.file}:${d.line}:${d.col}: error: ${d.message}`);
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return { code: err.code, reason: `${lines[0] ?? err.message}${more}`, details: lines, findings: errors };
  }
  if (err instanceof CredentialsError && err.code === 'CREDENTIALS_MISSING') {
    if (run.pullRequest?.fromFork) {
      return {
        code: err.code,
        reason: 'no Discord credentials: secrets are not available to pull requests from forks.',
        details: [],
        hint: FORK_HINT,
        findings: [],
      };
    }
    return { code: err.code, reason: err.message, details: [], hint: SECRET_HINT, findings: [] };
  }
  if ((err instanceof DiscordAPIError || err instanceof HTTPError) && err.status === 401) {
    return {
      code: err.code,
      reason:
        'the service refused the credentials (401 Unauthorized): DISCORD_TOKEN (or DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET) is wrong, revoked, or for another application.',
      details: [err.message],
      hint: 'Check the repository secret the step passes as DISCORD_TOKEN: reset the token in the Developer Portal and store the new one.',
      findings: [],
    };
  }
  if (err instanceof CmdsyncError) return { code: err.code, reason: err.message, details: [], findings: [] };
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'INTERNAL',
    reason: `internal error: ${message}. This is a bug in cmdsync; please report it.`,
    details: [],
    findings: [],
  };
}
