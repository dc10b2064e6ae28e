// Runs every benchmark in this folder in turn (after `npm run build`), each in
// its own process so one's warm-up does not flatter the next.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const only = process.argv.slice(2);
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.log(`\n== ${file}`);
  const r = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`(${file} exited ${r.status})`);
}
