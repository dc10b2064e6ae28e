import { test } from 'vitest';
import { call, start, bot, slash } from '/work/main/test/emulator/helpers.js';
test('smoke', async () => {
  const em = await start({ seed: { applications: [{ embedded: true }] } });
  const app = em.credentials.applicationId;
  console.log(em.url, em.credentials);
  console.log(JSON.stringify((await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).body));
  const r = await call(em, 'POST', `/applications/${app}/commands`, { auth: bot(em), body: slash('ping', { options: [{ type: 3, name: 'x', description: 'd', required: false, choices: [{ name: 'a', value: 'a' }] }] }) });
  console.log(r.status, JSON.stringify(r.body));
  const g = await call(em, 'POST', `/applications/${app}/guilds/${em.credentials.guildId}/commands`, { auth: bot(em), body: slash('Ping') });
  console.log(g.status, JSON.stringify(g.body));
  await em.close();
});
