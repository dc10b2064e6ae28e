// The trivial bot for bench/bot-test.mjs: an HTTP-interactions bot (node:http +
// the discord-interactions package's verifyKey) that answers every command at
// once with a message. It keeps its own time to answer each interaction (from
// the request's arrival to the response's end, PINGs left out) and, when
// BENCH_BOT_TIMES names a file, writes them there as it is stopped, so the
// bench can take the bot's share out of each step.
// Reads PORT and DISCORD_PUBLIC_KEY, as `cmdsync test` gives them.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { verifyKey } from 'discord-interactions';

const publicKey = process.env.DISCORD_PUBLIC_KEY;
const times = [];

function answer(i) {
  if (i.type === 1) return { type: 1 };
  return {
    type: 4,
    data: { content: i.data.name === 'ping' ? 'pong' : `hello ${i.member?.user?.username ?? ''}`.trim() },
  };
}

const server = createServer(async (req, res) => {
  const start = performance.now();
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks);
  const ok = await verifyKey(
    body,
    req.headers['x-signature-ed25519'] ?? '',
    req.headers['x-signature-timestamp'] ?? '',
    publicKey,
  ).catch(() => false);
  if (!ok) return res.writeHead(401).end('bad signature');
  const interaction = JSON.parse(body.toString('utf8'));
  const out = JSON.stringify(answer(interaction));
  res.once('finish', () => {
    if (interaction.type !== 1) times.push(performance.now() - start);
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`listening on ${process.env.PORT}`));

const stop = () => {
  if (process.env.BENCH_BOT_TIMES) writeFileSync(process.env.BENCH_BOT_TIMES, JSON.stringify(times));
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
