// The emulator for bench/emulator.mjs, in its own process: rate limits off,
// 100 global commands and one webhook; prints what the client needs as one
// JSON line. argv[2]: the dist/ folder to load (another build, to compare).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
console.log(
  JSON.stringify({
    origin: new URL(em.url).origin,
    get: { path: `${api}/applications/${applicationId}/commands`, headers: { authorization: auth } },
    execute: { path: `${api}/webhooks/${hook.id}/${hook.token}` },
    commands,
  }),
);
process.on('SIGTERM', () => em.close().then(() => process.exit(0)));
// Each line on stdin asks for the CPU time this process has used (µs), so the bench can count CPU per request.
process.stdin.on('data', () => {
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ cpuUs: user + system }));
});
