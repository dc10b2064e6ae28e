import { globSync, isDynamicPattern } from 'tinyglobby';

/**
 * Trees an include never means, even under `**`: dependencies and VCS data.
 * tinyglobby only walks the directories a pattern can reach (its static base,
 * `../shared` for `../shared/*.yaml`), so an unrelated `build/` is not read.
 */
const IGNORED = ['**/node_modules/**', '**/.git/**'];

/** The regular files under `baseDir` matching `pattern`, sorted, as absolute paths. */
export function globFiles(baseDir: string, pattern: string): string[] {
  return globSync(pattern.replace(/\\/g, '/'), { cwd: baseDir, absolute: true, onlyFiles: true, dot: false, ignore: IGNORED, expandDirectories: false }).sort();
}

export function isGlob(pattern: string): boolean {
  return isDynamicPattern(pattern);
}
