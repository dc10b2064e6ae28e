import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeCredentials,
  loadCredentials,
  requireAppAuth,
  requireApplicationId,
} from '../../src/config/credentials.js';
import { parseDotenv } from '../../src/config/dotenv.js';
import { CredentialsError, RemoteConfigError } from '../../src/config/errors.js';

const dirs: string[] = [];
function dirWithEnv(text?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmdsync-cred-'));
  dirs.push(dir);
  if (text !== undefined) writeFileSync(join(dir, '.env'), text);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('parseDotenv', () => {
  it("reads a .env file as Node's own parser (node --env-file) does: comments, export, quotes, multi-line values, later wins", () => {
    const text = [
      '\uFEFF# comment',
      'export A=1',
      'B = two words  # trailing comment',
      "C='single # not a comment'",
      'D="line1\\nline2"',
      'E="multi',
      'line"',
      'F=',
      'A=override',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      A: 'override',
      B: 'two words',
      C: 'single # not a comment',
      D: 'line1\nline2',
      E: 'multi\nline',
      F: '',
    });
  });
});

describe('loadCredentials', () => {
  it('reads .env and lets the real environment win; empty values count as unset', () => {
    const dir = dirWithEnv(
      'DISCORD_TOKEN=fromfile-token\nDISCORD_APPLICATION_ID=111\nDISCORD_BEARER_TOKEN=file-bearer\nCMDSYNC_API_URL=http://127.0.0.1:9/api/v10/\n',
    );
    const creds = loadCredentials({ DISCORD_TOKEN: 'Bot env-token-value', DISCORD_BEARER_TOKEN: '' }, dir);
    expect(creds.botToken).toBe('env-token-value');
    expect(creds.bearerToken).toBe('file-bearer');
    expect(creds.applicationId).toBe('111');
    expect(creds.apiUrl).toBe('http://127.0.0.1:9/api/v10');
    expect(creds.sources).toEqual({
      DISCORD_TOKEN: 'env',
      DISCORD_BEARER_TOKEN: '.env',
      DISCORD_APPLICATION_ID: '.env',
      CMDSYNC_API_URL: '.env',
    });
    expect(creds.envFile).toBe(join(dir, '.env'));
    const summary = describeCredentials(creds);
    expect(summary).toContain('DISCORD_TOKEN from env');
    expect(summary).not.toContain('env-token-value');
    expect(summary).not.toContain('file-bearer');
  });

  it('works without a .env and defaults the API URL', () => {
    const creds = loadCredentials({ DISCORD_CLIENT_ID: '42', DISCORD_CLIENT_SECRET: 's' }, dirWithEnv());
    expect(creds).toMatchObject({ clientId: '42', clientSecret: 's', apiUrl: 'https://discord.com/api/v10' });
    expect(creds.envFile).toBeUndefined();
    expect(requireApplicationId(creds)).toBe('42');
    expect(requireApplicationId(creds, '7')).toBe('7');
  });

  it('rejects a malformed API URL or application id, naming the variable', () => {
    expect(() => loadCredentials({ CMDSYNC_API_URL: 'ftp://x' }, dirWithEnv())).toThrow(RemoteConfigError);
    try {
      loadCredentials({ DISCORD_APPLICATION_ID: 'abc' }, dirWithEnv());
    } catch (error) {
      expect((error as RemoteConfigError).variable).toBe('DISCORD_APPLICATION_ID');
    }
  });

  it('names the variables to set when credentials are missing', () => {
    const none = loadCredentials({}, dirWithEnv());
    expect(() => requireAppAuth(none)).toThrow(CredentialsError);
    try {
      requireAppAuth(none);
    } catch (error) {
      expect((error as CredentialsError).code).toBe('CREDENTIALS_MISSING');
      expect((error as CredentialsError).variables).toContain('DISCORD_TOKEN');
      expect((error as Error).message).toContain('DISCORD_TOKEN');
    }
    try {
      requireAppAuth({ clientId: '1' });
    } catch (error) {
      expect((error as CredentialsError).variables).toEqual(['DISCORD_CLIENT_SECRET']);
    }
    try {
      requireApplicationId({});
    } catch (error) {
      expect((error as CredentialsError).code).toBe('APPLICATION_ID_MISSING');
    }
  });
});
