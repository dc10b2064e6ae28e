/**
 * What a runner waiting on an expectation reads from the harness
 * (emulator/harness/): `changed` wakes it at the bot's next request rather
 * than at its bound (no fixed sleep), `calm` says whether a reading would
 * be mid-change (a deferred answer still owes its edit), and `answers`
 * tells a deleted original (`delete_after`) from one never sent. The "bot"
 * answers through the REST routes over real HTTP, when the test lets it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import { start } from './helpers.js';

let em: RunningEmulator;
let latest: { id: string; token: string; application_id: string };

async function send(path: string, body: unknown, method = 'POST'): Promise<void> {
  const res = await fetch(em.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
}

beforeAll(async () => {
  em = await start({ seed: interactionSeed(), harness: true });
  // A gateway bot that defers at once; what it does next, the test does through `original`.
  em.events.subscribe((e) => {
    if (e.name !== 'INTERACTION_CREATE') return;
    latest = e.data as typeof latest;
    void send(`/interactions/${latest.id}/${latest.token}/callback`, { type: 5 });
  });
});

afterAll(async () => {
  await em?.close();
});

const original = () => `/webhooks/${latest.application_id}/${latest.token}/messages/@original`;

test("changed() resolves at the bot's next request, long before its bound; calm() waits for a deferral's edit; a deleted original is told apart", async () => {
  const harness = em.harness!;
  const out = await harness.track(em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB, waitSeconds: 0 }));
  if (out.outcome !== 'answered') throw new Error(JSON.stringify(out));
  const id = out.interaction.id as string;
  while (!harness.calm()) await harness.changed(1_000);
  // Deferred, no edit yet: nothing in flight, but the interaction still owes its edit.
  expect(harness.calm(id)).toBe(false);

  // A bound of a minute: only the edit's request can end this wait within the test's timeout.
  const woken = harness.changed(60_000);
  await send(original(), { content: 'done' }, 'PATCH');
  await woken;
  while (!harness.calm()) await harness.changed(1_000);
  expect(harness.calm(id)).toBe(true);
  expect(harness.answers(id)).toMatchObject({ original: { content: 'done' }, deleted: [] });

  await send(original(), undefined, 'DELETE');
  const answers = harness.answers(id)!;
  expect(answers.original).toMatchObject({ content: 'done' });
  expect(answers.deleted).toEqual([answers.original!.id]);
}, 20_000);
