// Requests sent by `plan` (reads) and `apply` (writes) in five scenarios, next
// to the lower bound and next to a naive "bulk overwrite every scope" sync.
// Run after `npm run build`:
//   node bench/sync-requests.mjs
// Each scenario gets a fresh emulator (rate limits off: this counts requests,
// it does not time them), is brought to its starting state with an apply,
// then the changed manifest is planned and applied. It reports; it does not
// assert (exit code 0).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { planFromManifest } from '../dist/api/plan.js';
import { applyPlan } from '../dist/apply/execute.js';
import { startEmulator } from '../dist/emulator/index.js';
import { RestClient } from '../dist/remote/http/client.js';
import { bulkOverwriteCommands, listCommands } from '../dist/remote/commands.js';

const APP = '500000000000000001';
const GUILDS = Array.from({ length: 5 }, (_, i) => String(600000000000000001n + BigInt(i)));
// The guild whose permissions the manifest manages (two sets: one command, the app-wide row).
const PERM_GUILD = GUILDS[0];

// A realistic manifest: 20 global commands with options and localizations, 5 guilds × 5 commands.
const OPTION_TYPES = { string: 3, integer: 4, boolean: 5 };
function command(name, i) {
  return {
    name,
    description: `Does thing number ${i}`,
    name_localizations: { fr: `${name}-fr`, de: `${name}-de` },
    description_localizations: { fr: `Fait la chose ${i}`, de: `Macht Ding ${i}` },
    options: [
      { type: 'string', name: 'text', description: 'Some text', required: true, max_length: 200 },
      {
        type: 'integer',
        name: 'count',
        description: 'How many',
        min_value: 1,
        max_value: 100,
        choices: [1, 2, 3].map((n) => ({ name: `n${n}`, value: n })),
      },
      { type: 'boolean', name: 'quiet', description: 'Answer only to you' },
    ],
  };
}
const base = () => ({
  commands: Array.from({ length: 20 }, (_, i) => command(`global-${i}`, i)),
  guilds: GUILDS.map((id, g) => ({
    id,
    commands: Array.from({ length: 5 }, (_, i) => command(`guild${g}-cmd-${i}`, i)),
    ...(id === PERM_GUILD
      ? {
          permissions: {
            'guild0-cmd-0': [{ role: 'everyone', allow: false }],
            '*': [{ channel: 'all_channels', allow: false }],
          },
        }
      : {}),
  })),
});
const permissionSets = 2;
const scopes = 1 + GUILDS.length;

// Each scenario: the manifest applied first (null = empty remote), the manifest measured, and the lower bound on writes.
const scenarios = [
  { name: 'no-op', before: base, after: base, minWrites: 0 },
  {
    name: 'one change',
    before: base,
    after: () => withGlobal(base(), (c, i) => (i === 3 ? { ...c, description: 'Changed description' } : c)),
    minWrites: 1,
  },
  {
    name: 'ten changes',
    before: base,
    // Ten commands of one scope: one bulk overwrite carries them all.
    after: () => withGlobal(base(), (c, i) => (i < 10 ? { ...c, description: `Changed description ${i}` } : c)),
    minWrites: 1,
  },
  {
    name: 'rename',
    before: base,
    // A global command (no permission set names it: a rename of one that has a set also re-sends the set, since the service drops it).
    after: () => withGlobal(base(), (c, i) => (i === 5 ? { ...c, name: 'renamed-5', renamed_from: c.name } : c)),
    minWrites: 1,
  },
  // Every non-empty scope once (one bulk overwrite each) plus each permission set (one PUT per command, no batch route for bots).
  { name: 'first deploy', before: null, after: base, minWrites: scopes + permissionSets },
];

function withGlobal(manifest, edit) {
  return { ...manifest, commands: manifest.commands.map(edit) };
}

// The plan's lower bound on reads: one GET per declared scope, plus one permissions GET per guild whose permissions are managed.
const minReads = scopes + 1;
// A GET-less sync: one bulk overwrite per scope and one PUT per permission set, every run.
const naiveWrites = scopes + permissionSets;

async function setup() {
  const emulator = await startEmulator({
    seed: { applications: [{ id: APP }], guilds: GUILDS.map((id) => ({ id })) },
    rateLimits: false,
  });
  const { botToken, bearerToken } = emulator.credentials;
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: { botToken, bearerToken },
    globalRequestsPerSecond: 10_000,
  });
  const cwd = mkdtempSync(join(tmpdir(), 'cmdsync-bench-'));
  const write = (manifest) => writeFileSync(join(cwd, 'cmdsync.yaml'), stringify({ application_id: APP, ...manifest }));
  const plan = () =>
    planFromManifest({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: true,
    });
  const close = async () => {
    await client.close();
    await emulator.close();
    rmSync(cwd, { recursive: true, force: true });
  };
  return { client, write, plan, close };
}

async function measure(scenario) {
  const t = await setup();
  try {
    if (scenario.before) {
      t.write(scenario.before());
      const { plan } = await t.plan();
      const setupOutcome = await applyPlan(plan, t.client, { canEditPermissions: true });
      if (setupOutcome.failed) throw new Error(`setup apply failed: ${setupOutcome.failed.message}`);
    }
    t.write(scenario.after());
    let sent = t.client.stats.sent;
    const { plan } = await t.plan();
    const planSent = t.client.stats.sent - sent;
    sent = t.client.stats.sent;
    const outcome = await applyPlan(plan, t.client, { canEditPermissions: true });
    const applySent = t.client.stats.sent - sent;
    if (outcome.failed) throw new Error(`apply failed: ${outcome.failed.message}`);
    // Converged: planning again finds nothing to write.
    const { plan: again } = await t.plan();
    return {
      reads: plan.read_count,
      planSent,
      writes: outcome.requestsSent,
      applySent,
      planned: plan.request_count,
      converged: again.request_count === 0,
    };
  } finally {
    await t.close();
  }
}

// What the naive sync does to a rename: a bulk overwrite matches by name, so the renamed command is a new one (new id,
// and any permission set on the old id is gone). Measured, not assumed.
async function naiveRenameKeepsId() {
  const t = await setup();
  try {
    const apiBody = (c) => ({ ...c, options: c.options.map((o) => ({ ...o, type: OPTION_TYPES[o.type] })) });
    const before = base().commands.map(apiBody);
    await bulkOverwriteCommands(t.client, APP, { kind: 'global' }, before);
    const oldId = (await listCommands(t.client, APP, { kind: 'global' })).find((c) => c.name === 'global-5').id;
    const after = before.map((c) => (c.name === 'global-5' ? { ...c, name: 'renamed-5' } : c));
    await bulkOverwriteCommands(t.client, APP, { kind: 'global' }, after);
    const newId = (await listCommands(t.client, APP, { kind: 'global' })).find((c) => c.name === 'renamed-5').id;
    return newId === oldId;
  } finally {
    await t.close();
  }
}

const rows = [];
for (const s of scenarios) rows.push({ s, m: await measure(s) });
const naiveKeeps = await naiveRenameKeepsId();

const pad = (v, n) => String(v).padEnd(n);
console.log(
  `manifest: 20 global commands + ${GUILDS.length} guilds × 5 commands (options, localizations); permissions managed in 1 guild (${permissionSets} sets)`,
);
console.log(
  `lower bound: reads = ${scopes} scopes + 1 permissions read = ${minReads}; naive sync: 0 reads, ${scopes} bulk overwrites + ${permissionSets} permission PUTs = ${naiveWrites} writes every run\n`,
);
console.log(
  `${pad('scenario', 14)}| plan reads | apply writes | lower bound (r/w) | naive writes | vs naive | converged`,
);
console.log(`${'-'.repeat(14)}|------------|--------------|-------------------|--------------|----------|----------`);
let allAtBound = true;
for (const { s, m } of rows) {
  const atBound = m.reads === minReads && m.writes === s.minWrites;
  allAtBound &&= atBound;
  // The client's own count must agree with what plan and apply report.
  const mismatch =
    m.planSent !== m.reads || m.applySent !== m.writes || m.planned !== m.writes
      ? `  (client sent ${m.planSent}/${m.applySent}, planned ${m.planned})`
      : '';
  const vsNaive = m.writes === 0 ? '0' : `${(m.writes / naiveWrites).toFixed(2)}x`;
  console.log(
    `${pad(s.name, 14)}| ${pad(m.reads, 11)}| ${pad(m.writes, 13)}| ${pad(`${minReads}/${s.minWrites}${atBound ? '' : '  MISSED'}`, 18)}| ${pad(naiveWrites, 13)}| ${pad(vsNaive, 9)}| ${m.converged ? 'yes' : 'NO'}${mismatch}`,
  );
}
console.log(
  `\nnaive sync on the rename: the command ${naiveKeeps ? 'kept' : 'lost'} its id (${naiveKeeps ? 'unexpected' : 'a bulk overwrite matches by name, so the renamed command is created anew and its permission sets are gone'})`,
);
console.log(
  allAtBound ? 'every scenario equals the lower bound' : 'NOT every scenario equals the lower bound (see MISSED)',
);
