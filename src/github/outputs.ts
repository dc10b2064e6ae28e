import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/**
 * Step outputs through the file GitHub names in `$GITHUB_OUTPUT`. Every value
 * is written in the heredoc form (`name<<DELIMITER`), as actions/toolkit
 * does, so a value may hold newlines; the delimiter is random, so a value
 * cannot end it early and set another output.
 */
export function formatOutputs(
  values: Readonly<Record<string, string>>,
  delimiter: () => string = () => `ghadelimiter_${randomUUID()}`,
): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    let d = delimiter();
    while (value.includes(d)) d = delimiter();
    out += `${name}<<${d}\n${value}\n${d}\n`;
  }
  return out;
}

/** Appends the outputs; false when not on GitHub Actions (no `GITHUB_OUTPUT`). */
export function writeOutputs(
  values: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  const file = env.GITHUB_OUTPUT;
  if (!file) return false;
  appendFileSync(file, formatOutputs(values), 'utf8');
  return true;
}
