/**
 * Variables a manifest may not interpolate. A manifest value ends up in
 * plans, plan files, step summaries, PR comments and the service itself, and
 * a pull request can change the manifest: `description: "${DISCORD_TOKEN}"`
 * would print the bot token in CI. So the credentials cmdsync reads, and any
 * name that looks like a secret, are refused whatever their value.
 */

/** Credentials by exact name: those whose names the pattern below would not catch. */
const CREDENTIALS = new Set(['CMDSYNC_NOTIFY_WEBHOOK', 'DISCORD_WEBHOOK_URL', 'DISCORD_CLIENT_SECRET', 'DISCORD_TOKEN', 'DISCORD_BEARER_TOKEN']);

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
