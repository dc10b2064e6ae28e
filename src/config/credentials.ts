import { isSnowflake } from '../wire/snowflake.js';
import { readDotenv } from './dotenv.js';
import { CredentialsError, RemoteConfigError } from './errors.js';

/** The public service's versioned API base. */
export const DEFAULT_API_URL = 'https://discord.com/api/v10';

/** Every variable cmdsync reads. Tokens are read from here only, never from flags. */
export const CREDENTIAL_VARIABLES = [
  'DISCORD_TOKEN',
  'DISCORD_CLIENT_ID',
  'DISCORD_CLIENT_SECRET',
  'DISCORD_BEARER_TOKEN',
  'DISCORD_APPLICATION_ID',
  'CMDSYNC_API_URL',
] as const;

export type CredentialVariable = (typeof CREDENTIAL_VARIABLES)[number];

/** What the client may authenticate with. Holds secrets: never print it; use `describeCredentials`. */
export interface Credentials {
  /** `DISCORD_TOKEN`: the bot token (a leading `Bot ` is dropped). */
  botToken?: string;
  /** `DISCORD_CLIENT_ID` + `DISCORD_CLIENT_SECRET`: exchanged for a bearer token when there is no bot token. */
  clientId?: string;
  clientSecret?: string;
  /** `DISCORD_BEARER_TOKEN`: a user's bearer token, used only for command permission edits. */
  bearerToken?: string;
  /** `DISCORD_APPLICATION_ID`, when set. The manifest's `application_id` takes precedence (the caller decides). */
  applicationId?: string;
  /** `CMDSYNC_API_URL` or the public service; no trailing slash. */
  apiUrl: string;
  /** Where each variable that was set came from. Values are not repeated here. */
  sources: Partial<Record<CredentialVariable, 'env' | '.env'>>;
  /** The `.env` file that was read, when one was. */
  envFile?: string;
}

/**
 * Reads credentials from `env`, then from `<cwd>/.env` for variables the
 * environment leaves unset or empty (the real environment wins). Validates
 * formats but does not require anything: each operation asks for what it
 * needs (`requireAppAuth`, `requireApplicationId`, the client for the bearer).
 */
export function loadCredentials(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Credentials {
  const dotenv = readDotenv(cwd);
  const fileValues = dotenv?.values ?? {};

  const sources: Credentials['sources'] = {};
  const pick = (name: CredentialVariable): string | undefined => {
    const fromEnv = env[name]?.trim();
    if (fromEnv) {
      sources[name] = 'env';
      return fromEnv;
    }
    const fromFile = fileValues[name]?.trim();
    if (fromFile) {
      sources[name] = '.env';
      return fromFile;
    }
    return undefined;
  };

  const botToken = pick('DISCORD_TOKEN')?.replace(/^Bot\s+/i, '');
  const bearerToken = pick('DISCORD_BEARER_TOKEN')?.replace(/^Bearer\s+/i, '');
  const clientId = pick('DISCORD_CLIENT_ID');
  const clientSecret = pick('DISCORD_CLIENT_SECRET');
  const applicationId = pick('DISCORD_APPLICATION_ID');
  const apiUrl = normalizeApiUrl(pick('CMDSYNC_API_URL') ?? DEFAULT_API_URL, 'CMDSYNC_API_URL');

  if (applicationId !== undefined && !isSnowflake(applicationId)) {
    throw new RemoteConfigError('DISCORD_APPLICATION_ID', 'DISCORD_APPLICATION_ID must be a numeric id (snowflake)');
  }
  if (clientId !== undefined && !isSnowflake(clientId)) {
    throw new RemoteConfigError('DISCORD_CLIENT_ID', 'DISCORD_CLIENT_ID must be a numeric id (snowflake)');
  }

  return {
    ...(botToken ? { botToken } : {}),
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(bearerToken ? { bearerToken } : {}),
    ...(applicationId ? { applicationId } : {}),
    apiUrl,
    sources,
    envFile: dotenv?.path,
  };
}

/** An http(s) URL without a trailing slash; `variable` names the source in the error. */
export function normalizeApiUrl(value: string, variable = '--api-url'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RemoteConfigError(variable, `${variable} is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteConfigError(variable, `${variable} must be an http(s) URL, got ${url.protocol}`);
  }
  if (url.username || url.password) throw new RemoteConfigError(variable, `${variable} must not contain credentials`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** True when the application itself can authenticate (bot token, or a complete client-credentials pair). */
export function hasAppAuth(credentials: Pick<Credentials, 'botToken' | 'clientId' | 'clientSecret'>): boolean {
  return Boolean(credentials.botToken || (credentials.clientId && credentials.clientSecret));
}

/** Throws `CREDENTIALS_MISSING` naming what to set when the application cannot authenticate. */
export function requireAppAuth(credentials: Pick<Credentials, 'botToken' | 'clientId' | 'clientSecret'>): void {
  if (hasAppAuth(credentials)) return;
  if (credentials.clientId && !credentials.clientSecret) {
    throw new CredentialsError(
      'CREDENTIALS_MISSING',
      ['DISCORD_CLIENT_SECRET'],
      'DISCORD_CLIENT_ID is set but DISCORD_CLIENT_SECRET is not: set DISCORD_CLIENT_SECRET (or DISCORD_TOKEN) in the environment or .env',
    );
  }
  if (credentials.clientSecret && !credentials.clientId) {
    throw new CredentialsError(
      'CREDENTIALS_MISSING',
      ['DISCORD_CLIENT_ID'],
      'DISCORD_CLIENT_SECRET is set but DISCORD_CLIENT_ID is not: set DISCORD_CLIENT_ID (or DISCORD_TOKEN) in the environment or .env',
    );
  }
  throw new CredentialsError(
    'CREDENTIALS_MISSING',
    ['DISCORD_TOKEN', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
    'no credentials: set DISCORD_TOKEN (bot token), or DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, in the environment or .env',
  );
}

/** The application id: the manifest's value when given, else `DISCORD_APPLICATION_ID`, else the client id. */
export function requireApplicationId(
  credentials: Pick<Credentials, 'applicationId' | 'clientId'>,
  fromManifest?: string,
): string {
  const id = fromManifest || credentials.applicationId || credentials.clientId;
  if (id) return id;
  throw new CredentialsError(
    'APPLICATION_ID_MISSING',
    ['DISCORD_APPLICATION_ID'],
    'no application id: set application_id in the manifest or DISCORD_APPLICATION_ID in the environment or .env',
  );
}

/** A one-line, secret-free summary for `--debug`: which credentials are set and where from. */
export function describeCredentials(credentials: Credentials): string {
  const parts: string[] = [];
  const from = (v: CredentialVariable) => credentials.sources[v] ?? 'unset';
  if (credentials.botToken) parts.push(`bot token (DISCORD_TOKEN from ${from('DISCORD_TOKEN')})`);
  if (credentials.clientId && credentials.clientSecret)
    parts.push(`client credentials (from ${from('DISCORD_CLIENT_SECRET')})`);
  if (credentials.bearerToken) parts.push(`user bearer (DISCORD_BEARER_TOKEN from ${from('DISCORD_BEARER_TOKEN')})`);
  if (parts.length === 0) parts.push('no credentials');
  return `${parts.join(', ')}; API ${credentials.apiUrl}`;
}
