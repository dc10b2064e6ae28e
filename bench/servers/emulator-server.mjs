// The emulator for bench/emulator.mjs, in its own process: rate limits off,
// 100 global commands and one webhook; prints what the client needs as one
// JSON line. argv[2]: the dist/ folder to load (another build, to compare).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EMBED_MESSAGE } from './embed-message.mjs';

const dist = resolve(process.argv[2] ?? new URL('../../dist', import.meta.url).pathname);
const { startEmulator } = await import(pathToFileURL(`${dist}/emulator/index.js`).href);
const em = await startEmulator({ rateLimits: false });
const { applicationId, botToken, guildId } = em.credentials;
const auth = `Bot ${botToken}`;
const defs = Array.from({ length: 100 }, (_, i) => ({
  name: `command-${i}`,
  description: `Benchmark command number ${i}`,
  options: [
    { type: 3, name: 'text', description: 'Some text', required: true },
    { type: 5, name: 'flag', description: 'A flag' },
  ],
}));
const put = await fetch(`${em.url}/applications/${applicationId}/commands`, {
  method: 'PUT',
  headers: { authorization: auth, 'content-type': 'application/json' },
  body: JSON.stringify(defs),
});
if (put.status !== 200) throw new Error(`bulk overwrite failed: ${put.status} ${await put.text()}`);
const commands = await (
  await fetch(`${em.url}/applications/${applicationId}/commands`, { headers: { authorization: auth } })
).json();
const channel = Object.values(em.world.guilds[guildId].channels).find((c) => c.type === 0);
const created = await fetch(`${em.url}/channels/${channel.id}/webhooks`, {
  method: 'POST',
  headers: { authorization: auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bench' }),
});
if (created.status !== 200) throw new Error(`webhook create failed: ${created.status}`);
const hook = await created.json();
const api = new URL(em.url).pathname;
// One execute with the embed and wait=true: the answer's shape and size, for the bare server's answer.
const sample = await fetch(`${em.url}/webhooks/${hook.id}/${hook.token}?wait=true`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(EMBED_MESSAGE),
});
if (sample.status !== 200) throw new Error(`execute failed: ${sample.status}`);
const message = await sample.json();
console.log(
  JSON.stringify({
    origin: new URL(em.url).origin,
    get: { path: `${api}/applications/${applicationId}/commands`, headers: { authorization: auth } },
    execute: { path: `${api}/webhooks/${hook.id}/${hook.token}` },
    commands,
    message,
  }),
);
process.on('SIGTERM', () => em.close().then(() => process.exit(0)));
// Each line on stdin asks for the CPU time this process has used (µs), so the bench can count CPU per request.
process.stdin.on('data', () => {
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ cpuUs: user + system }));
});
