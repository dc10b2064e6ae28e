import { appendFileSync } from 'node:fs';

/**
 * Appends to the step summary file GitHub names in `$GITHUB_STEP_SUMMARY`.
 * Returns false when the variable is unset (not on GitHub Actions). Write
 * errors are thrown: the caller decides whether a missing summary matters.
 */
export function writeStepSummary(markdown: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  appendFileSync(file, markdown.endsWith('\n') ? markdown : `${markdown}\n`, 'utf8');
  return true;
}
