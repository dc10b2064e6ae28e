/*
 * GitHub Actions' masking: a value announced with `::add-mask::` is shown
 * as `***` in the rest of the job's log, this step's and later ones'. The
 * runner consumes these lines; they do not show in the log.
 */

/**
 * Under GitHub Actions, asks the runner to mask `value` in every later log
 * line (`::add-mask::`). Secrets from `secrets.*` are masked already; this is
 * for derived ones, such as the bearer token obtained from client
 * credentials, or a webhook token about to be printed. Returns whether a
 * mask command was written.
 */
export function maskSecretForActions(
  value: string,
  write: (line: string) => void = (line) => process.stdout.write(line),
  env: Record<string, string | undefined> = process.env,
): boolean {
  if (env.GITHUB_ACTIONS !== 'true' || value === '') return false;
  for (const line of maskLines(value)) write(line);
  return true;
}

/** `::add-mask::` for each secret (the job's secrets, `secrets.ts`), written before anything else. */
export function maskCommands(secrets: readonly string[]): string {
  return secrets.flatMap(maskLines).join('');
}

/** A workflow command ends at a newline: each line of a multi-line value is masked on its own, so the value cannot end the command early. */
function maskLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => `::add-mask::${line}\n`);
}
