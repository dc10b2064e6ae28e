// Builds the GitHub Action's bundle, committed in action/ (action.yml's
// `runs.main`): the runner starts it with its own Node, so a job installs and
// builds nothing, and the action runs the code of the commit it is pinned to.
//
//   node scripts/build-action.mjs [--out DIR]    (npm run build:action; DIR defaults to action/)
//
// One CommonJS file from src/cli/action-entry.ts, every package it uses
// bundled in: the action's checkout has no node_modules. Modules the CLI
// loads on first use through createRequire (yaml, tinyglobby, kleur) are
// bundled too, still loaded on first use. Not minified, so a change to the
// sources is a change of a few lines here, and built the same way on every
// machine (paths relative to the repository, no timestamps), which lets CI
// check that the committed file is what its sources build
// (test/github/action-bundle.test.ts). The licences of the bundled packages
// go to LICENSES.txt beside it.
//
// The emulator's web view is not in the bundle: under the action's
// `--emulator` its page answers 503 (not built), which a job never opens.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
export const BUNDLE = 'index.cjs';
export const LICENSES = 'LICENSES.txt';

/**
 * `loadCommonJs('yaml')` (a require made by createRequire, which esbuild does
 * not follow) becomes `require('yaml')`, which it bundles and still runs only
 * when called.
 */
const lazyRequires = {
  name: 'lazy-requires',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('loadCommonJs(')) return undefined;
      return { contents: text.replace(/\bloadCommonJs\((['"][^'"]+['"])\)/g, 'require($1)'), loader: 'ts' };
    });
  },
};

/** Builds the bundle and its licences into `outDir`. */
export async function buildAction(outDir) {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/action-entry.ts'],
    outfile: join(outDir, BUNDLE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'bundle',
    charset: 'utf8',
    legalComments: 'none',
    define: { 'import.meta.url': '__actionModuleUrl' },
    banner: {
      js: "// The cmdsync GitHub Action, built from src/ by scripts/build-action.mjs (npm run build:action). Do not edit: rebuild.\nvar __actionModuleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
    plugins: [lazyRequires],
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, LICENSES), licenses(Object.keys(result.metafile.inputs)));
}

/** The licence of every package with a file in the bundle, by name. */
function licenses(inputs) {
  const dirs = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  const entries = [...dirs].map((dir) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    const file = readdirSync(join(ROOT, dir))
      .sort()
      .find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file
      ? readFileSync(join(ROOT, dir, file), 'utf8').trim()
      : `(no licence file; package.json says ${pkg.license ?? 'nothing'})`;
    return {
      key: `${pkg.name}@${pkg.version}`,
      text: `${pkg.name} ${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}\n`,
    };
  });
  const unique = [...new Map(entries.map((e) => [e.key, e])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  return `The cmdsync GitHub Action (${BUNDLE}) bundles these packages.\n\n${unique.map((e) => e.text).join(`\n${'-'.repeat(72)}\n\n`)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  await buildAction(resolve(values.out ?? join(ROOT, 'action')));
}
