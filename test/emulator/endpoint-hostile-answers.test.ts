/**
 * An interactions endpoint that answers what no callback is (issue 40, items
 * 1 and 6a): an answer of a few hundred MiB streamed as it is generated (never
 * stored), one announced that large, and a 200 with an HTML page or broken
 * JSON. Each is a failed interaction with its reason, at once; the emulator
 * stops reading as soon as the bound is passed and stays up.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { MAX_ANSWER_BYTES } from '../../src/emulator/interactions/deliver.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import { TestClock } from '../helpers/clock.js';
import { bot, call, start } from './helpers.js';

const MiB = 1024 * 1024;
/** What the flooding endpoint offers: far beyond the bound, and more than a test should ever hold in memory. */
const FLOOD_BYTES = 384 * MiB;

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A real endpoint whose answer the test sets; `sent` counts the bytes the last flood handed to its socket. */
async function endpoint(): Promise<{ url: string; server: Server; answer: { fn: Answer }; sent: { bytes: number } }> {
  const answer: { fn: Answer } = { fn: (_req, res) => res.end() };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer.fn(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`,
    server,
    answer,
    sent: { bytes: 0 },
  };
}

/** Streams `total` bytes of a callback whose content never ends, generated chunk by chunk as the socket drains. */
function flood(res: ServerResponse, total: number, sent: { bytes: number }, announce: boolean): void {
  sent.bytes = 0;
  res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(total) } : {}) });
  const chunk = Buffer.alloc(MiB, 'a');
  const pump = () => {
    while (sent.bytes < total && !res.destroyed) {
      sent.bytes += chunk.length;
      if (
        !res.write(
          sent.bytes === chunk.length ? Buffer.from(`{"type":4,"data":{"content":"${'a'.repeat(MiB - 29)}`) : chunk,
        )
      )
        return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

describe('an endpoint answering what no callback is', () => {
  let em: RunningEmulator;
  let ep: Awaited<ReturnType<typeof endpoint>>;
  // Stopped: a wait for a callback (the 3 s) would never end, so an invoke that returns did not wait.
  const clock = new TestClock();
  beforeAll(async () => {
    em = await start({ seed: interactionSeed(), now: clock.now, timers: clock });
    ep = await endpoint();
    em.world.applications[APP]!.interactionsEndpointUrl = ep.url;
  });
  afterAll(async () => {
    ep?.server.closeAllConnections();
    await new Promise((r) => ep?.server.close(r));
    await em?.close();
  });

  it.each([
    ['streamed without a length', false],
    ['announced in Content-Length', true],
  ])(
    'an answer of a few hundred MiB (%s) fails the interaction as larger than any callback; the read stops at the bound',
    async (_, announce) => {
      ep.answer.fn = (_req, res) => flood(res, FLOOD_BYTES, ep.sent, announce);
      const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
      expect(out).toMatchObject({
        outcome: 'no-response',
        cause: { kind: 'not-a-callback', what: 'answered with more than 8 MiB, larger than any callback' },
      });
      // The emulator cut the answer off: what the endpoint got out is the bound and what the sockets buffer, not the flood.
      expect(ep.sent.bytes).toBeLessThan(MAX_ANSWER_BYTES + 32 * MiB);
      // Still up: a request and a well-formed answer are served.
      ep.answer.fn = (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":4,"data":{"content":"fine"}}');
      expect(await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'answered',
        original: { content: 'fine' },
      });
      expect((await call(em, 'GET', '/applications/@me', { auth: bot(em) })).status).toBe(200);
    },
  );

  it('the endpoint check (PATCH /applications/@me) refuses a URL whose PING answer floods, and the emulator stays up', async () => {
    ep.answer.fn = (_req, res) => flood(res, FLOOD_BYTES, ep.sent, false);
    const r = await call(em, 'PATCH', '/applications/@me', {
      auth: bot(em),
      body: { interactions_endpoint_url: `${ep.url}?check` },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.interactions_endpoint_url._errors[0].message).toContain(
      'answered with more than 8 MiB, larger than any callback',
    );
    expect(ep.sent.bytes).toBeLessThan(MAX_ANSWER_BYTES + 32 * MiB);
    expect((await call(em, 'GET', '/applications/@me', { auth: bot(em) })).body.interactions_endpoint_url).toBe(ep.url);
  });

  it.each([
    [
      'an HTML page',
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><body>Welcome to nginx!</body></html>',
      'not JSON',
    ],
    ['broken JSON', 'application/json', '{"type":4,"data":', 'not JSON'],
    ['JSON that is no object', 'application/json', '[4]', 'JSON that is not an object'],
  ])('a 200 with %s fails at once as not a callback, without waiting the 3 s', async (_, type, text, says) => {
    ep.answer.fn = (_req, res) => res.writeHead(200, { 'content-type': type }).end(text);
    const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
    expect(out).toMatchObject({
      outcome: 'no-response',
      cause: { kind: 'not-a-callback', what: `HTTP 200 ${type}, ${says}` },
    });
  });
});
