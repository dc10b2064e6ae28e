import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { globFiles, isGlob } from '../../manifest/glob.js';

/** What `cmdsync test` runs when given no file. */
export const DEFAULT_TEST_PATTERN = '**/*.test.yaml';

/**
 * The test files `patterns` name under `cwd`, as absolute paths, sorted and
 * each once. A pattern is a glob (never reaching into node_modules or .git;
 * Node 20 has no fs.glob, so the manifest's include: helper does it) or a
 * plain path, kept as written even when it does not exist so that reading
 * it reports the missing file at its name. No pattern: every `*.test.yaml`.
 */
export async function findTestFiles(cwd: string, patterns: string[]): Promise<string[]> {
  const wanted = patterns.length > 0 ? patterns : [DEFAULT_TEST_PATTERN];
  const found = new Set<string>();
  for (const pattern of wanted) {
    if (isGlob(pattern)) {
      for (const file of globFiles(cwd, pattern)) found.add(file);
      continue;
    }
    const abs = resolve(cwd, pattern);
    const info = await stat(abs).catch(() => undefined);
    // A directory stands for the test files under it.
    if (info?.isDirectory()) for (const file of globFiles(abs, DEFAULT_TEST_PATTERN)) found.add(file);
    else found.add(abs);
  }
  return [...found].sort();
}
