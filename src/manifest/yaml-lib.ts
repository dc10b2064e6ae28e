import { createRequire } from 'node:module';

/**
 * The `yaml` package, loaded on first use. The fast path of `lint` never
 * needs it, and leaving it out of the start-up graph saves compiling ~200 KB
 * of code in every pre-commit run.
 */
const loadCommonJs = createRequire(import.meta.url);
let lib: typeof import('yaml') | undefined;

export function yamlLib(): typeof import('yaml') {
  lib ??= loadCommonJs('yaml') as typeof import('yaml');
  return lib;
}
