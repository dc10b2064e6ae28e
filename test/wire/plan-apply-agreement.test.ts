/**
 * "What plans clean applies clean" (issue 24): the agreement test's generated
 * commands that lint accepts, each in a manifest of its own, planned and
 * applied over loopback HTTP against a standalone emulator whose application
 * is not the default one (guild install only, no Activity, discoverable).
 * Lint knows nothing of that application, so some of them cannot be applied;
 * every one must then fail at plan time, at its place in the manifest, and
 * none may fail during apply. The ones that apply converge (the next plan is
 * empty).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFromManifest } from '../../src/api/plan.js';
import { applyPlan } from '../../src/apply/execute.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { lintManifest } from '../../src/manifest/lint.js';
import { loadManifest } from '../../src/manifest/load.js';
import { hasChanges } from '../../src/plan/model.js';
import { RestClient } from '../../src/remote/http/client.js';
import { call } from '../emulator/helpers.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';
import { ACCEPTED, bases, clone, MUTATIONS, type Mutation, type Obj } from './agreement-corpus.js';

const APP = '1000000000000000001';
const GUILD = '2000000000000000001';
const SEED = Number(process.env.AGREEMENT_SEED ?? 15);

/** Commands lint accepts without an `application:` block, that this application cannot have. */
const FOR_ANOTHER_APPLICATION: Mutation[] = [
  { rule: 'age-restricted', apply: (c) => ({ ...c, nsfw: true }) },
  { rule: 'user install', scopes: ['global'], apply: (c) => ({ ...c, integration_types: [0, 1] }) },
  {
    rule: 'entry point',
    scopes: ['global'],
    apply: (c) =>
      c.name === 'admin' ? { type: 4, name: 'launch', description: 'Launch the game', handler: 1 } : undefined,
  },
];

let emu: RunningEmulator;
let client: RestClient;
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    rateLimits: false,
    limits: { daily_creates: 1_000_000 },
    seed: {
      applications: [{ id: APP, name: 'App', integration_types: [0], embedded: false, discoverable: true }],
      guilds: [{ id: GUILD, name: 'G' }],
    },
  });
  client = new RestClient({
    apiUrl: emu.url,
    credentials: { botToken: emu.credentials.botToken },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

type Outcome =
  | { kind: 'refused at plan time'; located: boolean }
  | { kind: 'applied'; converged: boolean }
  | { kind: 'failed during apply'; message: string };

async function planAndApply(file: string, dir: string): Promise<Outcome> {
  const plan = (
    await planFromManifest({
      manifestPath: file,
      cwd: dir,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: false,
    })
  ).plan;
  if (plan.errors.length > 0)
    return {
      kind: 'refused at plan time',
      located: plan.errors.every(
        (e) => e.location !== undefined && e.location.file === file.split('/').pop() && e.location.line > 1,
      ),
    };
  const outcome = await applyPlan(plan, client, { canEditPermissions: false });
  if (outcome.failed) return { kind: 'failed during apply', message: outcome.failed.message };
  const again = (
    await planFromManifest({
      manifestPath: file,
      cwd: dir,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: false,
    })
  ).plan;
  return { kind: 'applied', converged: !hasChanges(again) };
}

const scopePath = (scope: 'global' | 'guild') =>
  scope === 'global' ? `/applications/${APP}/commands` : `/applications/${APP}/guilds/${GUILD}/commands`;

describe('what lint accepts either fails at plan time, located, or applies', () => {
  it('against an application that is not the default one, never half way through apply', async () => {
    const random = seededRandom(SEED);
    const dir = testdir();
    const auth = `Bot ${emu.credentials.botToken}`;
    const tally: Record<string, number> = {};
    const wrong: string[] = [];
    let n = 0;
    for (const body of bases(random)) {
      for (const m of [...MUTATIONS.filter((x) => ACCEPTED.has(x.rule)), ...FOR_ANOTHER_APPLICATION]) {
        for (const scope of m.scopes ?? (['global', 'guild'] as const)) {
          const mutated = m.apply(clone(body));
          if (!mutated) continue;
          const cmd = JSON.parse(JSON.stringify(mutated)) as Obj;
          const file = join(dir, `m${++n}.json`);
          const manifest =
            scope === 'global'
              ? { application_id: APP, commands: [cmd] }
              : { application_id: APP, guilds: [{ id: GUILD, commands: [cmd] }] };
          writeFileSync(file, JSON.stringify(manifest, null, 2));
          const loaded = loadManifest(file, { cwd: dir, env: {} });
          if (
            !loaded.manifest ||
            lintManifest(loaded.manifest, loaded.diagnostics).some((d) => d.severity === 'error')
          ) {
            wrong.push(`${m.rule} [${scope}] ${cmd.name}: lint refuses what the corpus decided it accepts`);
            continue;
          }
          const outcome = await planAndApply(file, dir);
          const remote = (await call(emu, 'GET', scopePath(scope), { auth })).body as unknown[];
          tally[`${FOR_ANOTHER_APPLICATION.includes(m) ? 'for another application' : 'accepted'}: ${outcome.kind}`] =
            (tally[
              `${FOR_ANOTHER_APPLICATION.includes(m) ? 'for another application' : 'accepted'}: ${outcome.kind}`
            ] ?? 0) + 1;
          const where = `${m.rule} [${scope}] ${cmd.name}`;
          if (outcome.kind === 'failed during apply') wrong.push(`${where}: failed during apply: ${outcome.message}`);
          if (outcome.kind === 'refused at plan time' && !outcome.located)
            wrong.push(`${where}: refused at plan time without a place in the manifest`);
          if (outcome.kind === 'refused at plan time' && remote.length > 0)
            wrong.push(`${where}: refused at plan time, yet something was written`);
          if (outcome.kind === 'applied' && !outcome.converged)
            wrong.push(`${where}: applied, but the next plan is not empty`);
          if (FOR_ANOTHER_APPLICATION.includes(m) && outcome.kind !== 'refused at plan time')
            wrong.push(`${where}: this application cannot have it, yet ${outcome.kind}`);
          await call(emu, 'PUT', scopePath(scope), { auth, body: [] });
        }
      }
    }
    expect(wrong).toEqual([]);
    // Both outcomes happen, for commands lint accepts: the application decides.
    expect(tally['accepted: applied']).toBeGreaterThan(50);
    expect(tally['accepted: refused at plan time']).toBeGreaterThan(0);
    expect(tally['for another application: refused at plan time']).toBeGreaterThan(12);
  }, 180_000);
});
