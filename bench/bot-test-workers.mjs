// `cmdsync test --workers N` on 8 files (not a test). Run after `npm run build`:
//   node bench/bot-test-workers.mjs [rounds]
// Eight copies of the HTTP fixture bot's passing file (fixtures/bot-test/bots/http: a node:http bot, five
// scenarios each) in their own directories, run by the built CLI with --workers 1, 2 and 4 in interleaved
// rounds (default 3). Prints the median wall time of each and its ratio to --workers 1 measured in the same
// rounds. Each file starts its own emulator and bot, so the ratio is bounded by the machine's cores.
// See bench/bot-test.md.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const ROUNDS = Number(process.argv[2] ?? 3);
const FILES = 8;
const WORKERS = [1, 2, 4];
const BIN = join(import.meta.dirname, '../bin/cmdsync.js');
const FIXTURE = join(import.meta.dirname, '../fixtures/bot-test/bots/http');

// Inside the checkout (bench/results/ is ignored), so the bots resolve discord-interactions from its node_modules.
const RESULTS = join(import.meta.dirname, 'results');
mkdirSync(RESULTS, { recursive: true });
const dir = mkdtempSync(join(RESULTS, 'workers-'));
try {
  for (let i = 0; i < FILES; i++) cpSync(FIXTURE, join(dir, `bot-${i}`), { recursive: true });
  const env = { ...process.env };
  const times = new Map(WORKERS.map((w) => [w, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of WORKERS) {
      const started = performance.now();
      const r = spawnSync(process.execPath, [BIN, 'test', dir, '--workers', String(w), '--json'], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      const ms = performance.now() - started;
      const doc = r.status === 0 ? JSON.parse(r.stdout) : undefined;
      if (!doc || doc.passed !== FILES * 5)
        throw new Error(`--workers ${w} did not pass (exit ${r.status}): ${(r.stdout + r.stderr).slice(-2000)}`);
      times.get(w).push(ms);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times.get(1));
  console.log(
    `${FILES} files x 5 scenarios, ${ROUNDS} rounds, ${availableParallelism()} cores, Node ${process.version}`,
  );
  for (const w of WORKERS) {
    const m = median(times.get(w));
    console.log(`--workers ${w}: ${(m / 1000).toFixed(1)} s  (${(m / base).toFixed(2)}x of --workers 1)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
