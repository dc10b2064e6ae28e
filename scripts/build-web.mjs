// Builds the emulator's web view into OUT/web/: the page (src/web/index.html),
// its stylesheet, and one ES module bundling src/web/main.ts with the message
// renderer (@skyra/discord-components-core, discord-markdown-parser), so the
// page loads nothing from the network. Licences of bundled code go to
// app.js.LEGAL.txt beside it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

export async function buildWeb(out) {
  const dir = `${out}/web`;
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: { app: 'src/web/main.ts' },
    outdir: dir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari17'],
    minify: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  copyFileSync('src/web/index.html', `${dir}/index.html`);
  // One stylesheet: the page's chrome, then each view's own (src/web/views/*.css), in name order.
  const views = readdirSync('src/web/views')
    .filter((f) => f.endsWith('.css'))
    .sort();
  writeFileSync(
    `${dir}/app.css`,
    [readFileSync('src/web/app.css', 'utf8'), ...views.map((f) => readFileSync(`src/web/views/${f}`, 'utf8'))].join(
      '\n',
    ),
  );
}
