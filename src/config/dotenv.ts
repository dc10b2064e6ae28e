import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { RemoteConfigError } from './errors.js';

/**
 * A `.env` file's assignments, read by Node's own parser: the same reading
 * as `node --env-file`, so a file that works for the bot works here.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text.replace(/^\uFEFF/, ''))))
    if (value !== undefined) out[key] = value;
  return out;
}

/** `<dir>/.env`, parsed; undefined when there is none. */
export function readDotenv(dir: string): { path: string; values: Record<string, string> } | undefined {
  const path = join(dir, '.env');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new RemoteConfigError('.env', `cannot read ${path}: ${code ?? 'unknown error'}`);
  }
  return { path, values: parseDotenv(text) };
}

/**
 * The environment a run sees: the real one, with `.env` filling the
 * variables it leaves unset or empty (the real environment wins).
 */
export function withDotenv(
  env: Readonly<Record<string, string | undefined>>,
  values: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...env };
  for (const [key, value] of Object.entries(values))
    if (merged[key] === undefined || merged[key] === '') merged[key] = value;
  return merged;
}
