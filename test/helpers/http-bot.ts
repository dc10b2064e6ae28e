/**
 * A tiny HTTP-interactions bot, written the way a bot developer writes one:
 * node:http, signatures verified with the `discord-interactions` package, and
 * answers over the interaction's callback and webhook routes. `apiBase` is
 * the REST base it talks back to (the emulator's).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InteractionResponseFlags, InteractionResponseType, InteractionType, verifyKey } from 'discord-interactions';

export interface HttpBot {
  url: string;
  /** Every verified interaction, in order. */
  received: any[];
  /** Requests refused for a bad signature. */
  forged: number;
  close(): Promise<void>;
}

export interface HttpBotOptions {
  publicKey: string;
  apiBase: string;
  /** Accept any signature: the endpoint the service must refuse. */
  insecure?: boolean;
}

/** An interactions endpoint on 127.0.0.1: it reads the body, verifies the signature (unless `insecure`), answers a forged one 401, and hands each verified interaction to `answer`. */
export interface SignedEndpoint {
  url: string;
  /** Requests refused for a bad signature. */
  forged: number;
  close(): Promise<void>;
}

export type Reply = (body: unknown) => void;

export async function startSignedEndpoint(opts: {
  publicKey: () => string;
  insecure?: boolean;
  port?: number;
  answer: (interaction: any, reply: Reply, res: ServerResponse) => unknown;
}): Promise<SignedEndpoint> {
  const endpoint: SignedEndpoint = { url: '', forged: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const ok =
        opts.insecure ||
        (await verifyKey(
          raw,
          String(req.headers['x-signature-ed25519']),
          String(req.headers['x-signature-timestamp']),
          opts.publicKey(),
        ));
      if (!ok) {
        endpoint.forged++;
        res.writeHead(401).end('invalid request signature');
        return;
      }
      const reply: Reply = (body) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      await opts.answer(JSON.parse(raw.toString('utf8')), reply, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`;
  endpoint.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return endpoint;
}

export async function startHttpBot(opts: HttpBotOptions): Promise<HttpBot> {
  const received: any[] = [];
  const endpoint = await startSignedEndpoint({
    publicKey: () => opts.publicKey,
    ...(opts.insecure ? { insecure: true } : {}),
    answer: async (i, reply, res) => {
      if (i.type === InteractionType.PING) return reply({ type: InteractionResponseType.PONG });
      received.push(i);
      const name = i.data.name;
      const hook = `${opts.apiBase}/webhooks/${i.application_id}/${i.token}`;
      if (i.type === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE) {
        const typed = i.data.options.find((o: any) => o.focused).value;
        return reply({
          type: InteractionResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
          data: {
            choices: ['apple', 'apricot', 'banana']
              .filter((f) => f.startsWith(typed))
              .map((f) => ({ name: f, value: f })),
          },
        });
      }
      if (name === 'hello') {
        const who = i.member?.user ?? i.user;
        return reply({
          type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
          data: { content: `Hello <@${who.id}>`, embeds: [{ title: 'Greeting' }] },
        });
      }
      if (name === 'secret')
        return reply({
          type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
          data: { content: 'only you', flags: InteractionResponseFlags.EPHEMERAL },
        });
      if (name === 'slow') {
        // Acknowledge over the callback route (202 to the POST), then edit @original and follow up.
        res.writeHead(202).end();
        await fetch(`${opts.apiBase}/interactions/${i.id}/${i.token}/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE }),
        });
        await new Promise((r) => setTimeout(r, 100));
        await fetch(`${hook}/messages/@original`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'done thinking' }),
        });
        await fetch(hook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'and one more thing' }),
        });
        return;
      }
      if (name === 'silent') {
        res.writeHead(202).end();
        return;
      }
      return reply({ type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `ran ${name}` } });
    },
  });
  return {
    url: endpoint.url,
    received,
    get forged() {
      return endpoint.forged;
    },
    close: () => endpoint.close(),
  };
}
