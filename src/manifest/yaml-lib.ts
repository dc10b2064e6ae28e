import { createRequire } from 'node:module';

/**
 * The YAML libraries, loaded on first use. A clean manifest in the block
 * style (block-yaml.ts) needs neither, and leaving them out of the start-up
 * graph saves compiling ~270 KB of code in every pre-commit run: `yaml`
 * (positions and syntax errors) runs only when something is found, js-yaml
 * (a fast values-only read) only for files outside the block subset.
 */
const loadCommonJs = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;
let jsYaml: typeof import('js-yaml') | undefined;

export function yamlLib(): typeof import('yaml') {
  yaml ??= loadCommonJs('yaml') as typeof import('yaml');
  return yaml;
}

export function jsYamlLib(): typeof import('js-yaml') {
  jsYaml ??= loadCommonJs('js-yaml') as typeof import('js-yaml');
  return jsYaml;
}
