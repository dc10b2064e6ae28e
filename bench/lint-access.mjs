// What the access checks (permission-admins-only, permission-conflict) add to
// `cmdsync lint`: a guild with 100 commands and a permission set of 10 rows on
// each, linted with its `permissions:` block and without it, interleaved in
// the same run. The ratio is the price of evaluating every command's matrix.
// Target: at most 1.25x (the same manifest before the access checks: about 1.08x).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const bin = resolve(import.meta.dirname, '../bin/cmdsync.js');
const GUILD = 600000000000000010n;

function manifest(withPermissions) {
  const commands = Array.from({ length: 100 }, (_, i) => ({
    name: `command-${i}`,
    description: `Command ${i}`,
    default_member_permissions: i % 2 ? ['MANAGE_GUILD'] : undefined,
  }));
  const permissions = Object.fromEntries(
    commands.map((c, i) => [
      c.name,
      [
        { role: 'everyone', allow: false },
        { channel: 'all_channels', allow: false },
        ...Array.from({ length: 4 }, (_, r) => ({ role: String(GUILD + 1000n + BigInt(r + i)), allow: r % 2 === 0 })),
        ...Array.from({ length: 2 }, (_, u) => ({ user: String(GUILD + 2000n + BigInt(u)), allow: u === 0 })),
        ...Array.from({ length: 2 }, (_, ch) => ({ channel: String(GUILD + 3000n + BigInt(ch + i)), allow: true })),
      ],
    ]),
  );
  permissions['*'] = [
    { role: String(GUILD + 1000n), allow: true },
    { channel: String(GUILD + 3000n), allow: true },
  ];
  const guild = { id: String(GUILD), commands, ...(withPermissions ? { permissions } : {}) };
  return stringify({ application_id: '123456789012345678', guilds: [guild] });
}

function time(file) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, 'lint', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    ms: Number(process.hrtime.bigint() - t) / 1e6,
    status: r.status,
    out: r.stdout.toString() + r.stderr.toString(),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-'));
const plain = join(dir, 'plain.yaml');
const rows = join(dir, 'rows.yaml');
writeFileSync(plain, manifest(false));
writeFileSync(rows, manifest(true));
try {
  for (const f of [plain, rows]) {
    const check = time(f);
    if (check.status !== 0) throw new Error(`lint did not pass on ${f}:\n${check.out}`);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(time(plain).ms);
    b.push(time(rows).ms);
  }
  const paired = median(b.map((ms, i) => ms / a[i]));
  console.log(
    `lint, 100 guild commands with 10 permission rows each: median ${median(b).toFixed(1)} ms; without the permissions block: ${median(a).toFixed(1)} ms; ratio ${paired.toFixed(2)}x (median of per-round ratios; target <= 1.25x, ${ROUNDS} rounds)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
