import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const DEFAULT_MANIFESTS = ['cmdsync.yaml', 'cmdsync.yml', 'cmdsync.json'];

/** The manifest a command uses when none is named: the first default name that exists. */
export function defaultManifest(cwd: string): string {
  return DEFAULT_MANIFESTS.find((f) => existsSync(resolve(cwd, f))) ?? DEFAULT_MANIFESTS[0];
}
