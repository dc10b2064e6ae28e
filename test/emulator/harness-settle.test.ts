/**
 * Settling's short quiet period (emulator/harness/settle.ts,
 * ANSWERED_QUIET_MS): once the runner's interaction has its final answer in
 * its delivery's response and the bot made no request since, settling ends
 * after a short quiet period instead of the full one; whatever the bot does
 * next is still awaited: an edit sent as it answers, a deferred answer's
 * edit and the follow-up behind it 200 ms later; a gateway bot's callback
 * counts as its answer, not as more work, and its edit after is seen by the
 * full settle that follows.
 * The HTTP bot verifies signatures with discord-interactions over real HTTP.
 *
 * No race decides a result: that the short quiet period applied is shown by
 * settling within a bound shorter than the full period (`settled` is false
 * when the bound comes first), not by an elapsed time, and the gateway bot
 * sends its edit when the test lets it, after the settle that must not see it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { start } from './helpers.js';

let em: RunningEmulator;
let endpoint: SignedEndpoint;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(path: string, body: unknown, method = 'POST'): Promise<void> {
  const res = await fetch(em.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
}

beforeAll(async () => {
  em = await start({ seed: interactionSeed(), harness: true });
  endpoint = await startSignedEndpoint({
    publicKey: () => em.credentials.publicKey,
    answer: async (i, reply, res) => {
      const hook = `/webhooks/${i.application_id}/${i.token}`;
      switch (i.data?.name) {
        case 'secret':
          return reply({ type: 4, data: { content: 'just this' } });
        case 'hello':
          // The edit starts the moment the answer is out, as a bot's next line would.
          res.once('finish', () => void send(`${hook}/messages/@original`, { content: 'edited' }, 'PATCH'));
          return reply({ type: 4, data: { content: 'first' } });
        case 'slow':
          reply({ type: 5 });
          await sleep(200);
          await send(`${hook}/messages/@original`, { content: 'done' }, 'PATCH');
          await send(hook, { content: 'and one more' });
          return;
      }
      return reply({ type: 1 });
    },
  });
  // The gateway bot: answers by the callback route, then edits when the test lets it (`gatewayEdit.release`).
  em.events.subscribe((e) => {
    if (e.name !== 'INTERACTION_CREATE') return;
    const i = e.data as { id: string; token: string; application_id: string };
    void (async () => {
      await send(`/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'first' } });
      await gatewayEdit.released;
      await send(
        `/webhooks/${i.application_id}/${i.token}/messages/@original`,
        { content: 'edited by the gateway bot' },
        'PATCH',
      );
    })();
  });
  em.harness!.save();
});

afterAll(async () => {
  await endpoint?.close();
  await em?.close();
});

const overHttp = () => {
  em.harness!.restore();
  em.world.applications[APP]!.interactionsEndpointUrl = endpoint.url;
};

/** The gateway bot's edit waits for this. */
const gatewayEdit = (() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
})();

async function step(line: string, settle: { quietMs: number; maxMs?: number }) {
  const out = await em.harness!.track(em.invoke({ line, channelId: GENERAL, userId: BOB, waitSeconds: 0 }));
  if (out.outcome !== 'answered') throw new Error(JSON.stringify(out));
  const id = out.interaction.id as string;
  const started = performance.now();
  expect(await em.harness!.settled({ maxMs: 10_000, ...settle }, id)).toBe(true);
  return { id, answers: em.harness!.answers(id)!, settleMs: performance.now() - started };
}

/** A bound shorter than the full quiet period: settling within it shows the short period applied. */
const FULL_QUIET = { quietMs: 4_000, maxMs: 3_000 };

test('a final answer in the response, and nothing else: settling ends without the full quiet period', async () => {
  overHttp();
  const { answers } = await step('/secret', FULL_QUIET);
  expect(answers.original).toMatchObject({ content: 'just this' });
});

test('an edit the bot sends as it answers is still observed (its request brings the full quiet period back)', async () => {
  overHttp();
  const { answers, settleMs } = await step('/hello', { quietMs: 300 });
  expect(answers.original).toMatchObject({ content: 'edited' });
  expect(settleMs).toBeGreaterThanOrEqual(300);
});

test('a deferred answer: its edit and the follow-up 200 ms later are observed', async () => {
  overHttp();
  const { answers } = await step('/slow', { quietMs: 100 });
  expect(answers.original).toMatchObject({ content: 'done' });
  expect(answers.followups.map((f) => f.content)).toEqual(['and one more']);
});

test("a gateway bot's callback is its answer: the short quiet period applies to it too, and the full settle after still observes the edit it sends next", async () => {
  em.harness!.restore();
  delete em.world.applications[APP]!.interactionsEndpointUrl;
  const { id, answers } = await step('/hello', FULL_QUIET);
  // Settled on the callback alone: the edit is not sent yet (the runner then re-reads a step that does not match).
  expect(answers.original).toMatchObject({ content: 'first' });
  gatewayEdit.release();
  expect(await em.harness!.settled({ quietMs: 300, maxMs: 10_000 })).toBe(true);
  expect(em.harness!.answers(id)!.original).toMatchObject({ content: 'edited by the gateway bot' });
});
