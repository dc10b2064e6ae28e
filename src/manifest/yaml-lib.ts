import { createRequire } from 'node:module';

/**
 * The YAML library, loaded on first use. A clean manifest in the styles the
 * block reader covers (block-yaml.ts) never needs it, and leaving it out of
 * the start-up graph saves compiling it in every pre-commit
 * run: `yaml` (values, positions and syntax errors) runs only when something
 * is found or the block reader declines a file.
 */
const loadCommonJs = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;

export function yamlLib(): typeof import('yaml') {
  yaml ??= loadCommonJs('yaml') as typeof import('yaml');
  return yaml;
}
