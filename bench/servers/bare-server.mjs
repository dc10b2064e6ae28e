// The baseline for bench/emulator.mjs, in its own process: a bare node:http
// server doing the same parse and answer as the emulator's two routes, and
// nothing else (no routing table, limits, store or observers).
// GET commands: the authorization header must be the bot's (else 401); the
// list is serialized once, as the emulator memoises it while the world is
// unchanged (routes/commands.ts ListMemo). Webhook execute: the path must
// name the webhook and its token (else 404), the body is read and parsed as
// JSON, its content checked, and 204 answered; with `?wait=true`, a message
// answered instead: the emulator's sample answer with the request's content
// and embeds put in, serialised for each request.
// argv[2]: a JSON file { commands, authorization, executePath, message }.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { commands, authorization, executePath, message } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const listBody = JSON.stringify(commands);
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'GET' && url.pathname.endsWith('/commands')) {
    if (req.headers.authorization !== authorization) return res.writeHead(401).end();
    req.resume();
    return res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(listBody) })
      .end(listBody);
  }
  if (url.pathname !== executePath) return res.writeHead(404).end();
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return res.writeHead(400).end();
    }
    if (typeof body.content !== 'string') return res.writeHead(400).end();
    if (url.searchParams.get('wait') !== 'true') return res.writeHead(204).end();
    message.content = body.content;
    message.embeds = body.embeds ?? [];
    const out = JSON.stringify(message);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
  });
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ origin: `http://127.0.0.1:${server.address().port}` })),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// Each line on stdin asks for the CPU time this process has used (µs), so the bench can count CPU per request.
process.stdin.on('data', () => {
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ cpuUs: user + system }));
});
