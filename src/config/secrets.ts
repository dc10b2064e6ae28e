/**
 * Which variables hold secrets, by name: the credentials cmdsync reads, and
 * any name that looks like a secret. One answer for every use: a manifest may
 * not interpolate them (a manifest value ends up in plans, plan files, step
 * summaries, PR comments and the service itself, and a pull request can
 * change the manifest: `description: "${DISCORD_TOKEN}"` would print the bot
 * token in CI), and under GitHub Actions their values are masked and
 * redacted from everything published (`redact.ts`, `ci-mask.ts`).
 */

/** Credentials by exact name: those whose names the pattern below would not catch. */
const CREDENTIALS = new Set([
  'CMDSYNC_NOTIFY_WEBHOOK',
  'DISCORD_WEBHOOK_URL',
  'DISCORD_CLIENT_SECRET',
  'DISCORD_TOKEN',
  'DISCORD_BEARER_TOKEN',
]);

/** Words that mark a secret when they stand as a part of the name (API_KEY, GH_TOKEN, DB_PASSWORD). */
const SECRET_WORDS = new Set([
  'TOKEN',
  'SECRET',
  'SECRETS',
  'PASSWORD',
  'PASSWD',
  'PASSPHRASE',
  'PWD',
  'CREDENTIAL',
  'CREDENTIALS',
  'APIKEY',
  'PRIVATE',
  'COOKIE',
  'SESSION',
  'AUTH',
  'KEY',
]);

export function isSecretVariable(name: string): boolean {
  const upper = name.toUpperCase();
  if (CREDENTIALS.has(upper)) return true;
  const words = upper.split(/[^A-Z0-9]+/);
  // A public key is what a bot publishes (its interactions public key), not a secret.
  if (words.includes('PUBLIC')) return false;
  if (words.includes('WEBHOOK') && words.includes('URL')) return true;
  return words.some((w) => SECRET_WORDS.has(w));
}

/**
 * The values of every variable named like a secret (the credentials, the
 * github-token input, ACTIONS_RUNTIME_TOKEN…). cmdsync keeps credentials out
 * of what it prints; this is the second line for what the action publishes,
 * should a secret have reached the text anyway (pasted into a manifest).
 * One set, used for every channel the action writes to: the log, the step
 * summary, the outputs and the comment.
 */
export function secretValues(env: Readonly<Record<string, string | undefined>>): string[] {
  return [
    ...new Set(
      Object.entries(env).flatMap(([name, value]) =>
        value && value.trim() !== '' && !NOT_SECRETS.has(name) && isSecretVariable(name) ? [value.trim()] : [],
      ),
    ),
  ];
}

/** The shell's working directories: "PWD" reads as a password's abbreviation, but masking a path would garble every path in the log. */
const NOT_SECRETS = new Set(['PWD', 'OLDPWD']);
