import { createRequire } from 'node:module';

/**
 * Trees an include never means, even under `**`: dependencies and VCS data.
 * tinyglobby only walks the directories a pattern can reach (its static base,
 * `../common` for `../common/*.yaml`), so an unrelated `build/` is not read.
 */
const IGNORED = ['**/node_modules/**', '**/.git/**'];

// Loaded on first use, like the YAML libraries (yaml-lib.ts): most manifests
// have no glob, and a pre-commit run should not compile the library for them.
const loadCommonJs = createRequire(import.meta.url);
let tinyglobby: typeof import('tinyglobby') | undefined;
const lib = (): typeof import('tinyglobby') =>
  (tinyglobby ??= loadCommonJs('tinyglobby') as typeof import('tinyglobby'));

/** The regular files under `baseDir` matching `pattern`, sorted, as absolute paths. */
export function globFiles(baseDir: string, pattern: string): string[] {
  return lib()
    .globSync(pattern.replace(/\\/g, '/'), {
      cwd: baseDir,
      absolute: true,
      onlyFiles: true,
      dot: false,
      ignore: IGNORED,
      expandDirectories: false,
    })
    .sort();
}

/** Whether `pattern` has glob syntax; a plain path is read as it is (and must exist). */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}()!]/.test(pattern) && lib().isDynamicPattern(pattern);
}
