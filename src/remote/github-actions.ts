/**
 * Under GitHub Actions, asks the runner to mask `value` in every later log
 * line (`::add-mask::`). Secrets from `secrets.*` are masked already; this is
 * for derived ones, such as the bearer token obtained from client
 * credentials. Returns whether a mask command was written.
 */
export function maskSecretForActions(
  value: string,
  write: (line: string) => void = (line) => process.stdout.write(line),
  env: Record<string, string | undefined> = process.env,
): boolean {
  if (env.GITHUB_ACTIONS !== 'true' || value === '') return false;
  // A workflow command ends at a newline; mask each line so a multi-line value cannot end the command early.
  for (const line of value.split(/\r?\n/)) {
    if (line !== '') write(`::add-mask::${line}\n`);
  }
  return true;
}
