// The web view's cost of a busy channel (not a test). Run after `npm run build`:
//   node bench/web-view.mjs [rounds]
// One channel holds 1,000 webhook messages (every fifth with an embed, every
// seventh with link buttons), another none. Each is opened in a fresh headless
// Chromium page (playwright-core driving the system's Chromium, flags as in
// test/helpers/browser.ts), rounds interleaved, and measured for
//   (a) the bytes the page transfers (response bodies and headers, every
//       request but the live stream, which never ends), and
//   (b) the time from navigation start to `.messages[data-loaded="true"]`
//       with its messages in the DOM, taken inside the page by a
//       MutationObserver (no polling interval in the figure).
// The busy channel is reported as ratios to the empty one measured in the
// same run (medians), plus the absolute page weight in KB.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { startEmulator } from '../dist/emulator/index.js';

const ROUNDS = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? 7);
const MESSAGES = 1000;
const CHROMIUM = findChromium();
const LOADED_TIMEOUT_MS = 60_000;

if (!CHROMIUM) {
  console.log(
    'web-view: no Chromium found (sudo bash scripts/ci/install-browser.sh, or set CMDSYNC_CHROMIUM); skipped',
  );
  process.exit(0);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const em = await startEmulator({ rateLimits: false });
const { botToken, guildId } = em.credentials;
const guild = em.world.guilds[guildId];
const full = guild.channels.find((c) => c.type === 0);
const empty = guild.channels.find((c) => c.type === 5 || (c.type === 0 && c.id !== full.id));
const auth = { authorization: `Bot ${botToken}`, 'content-type': 'application/json' };

const hookRes = await fetch(`${em.url}/channels/${full.id}/webhooks`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ name: 'Bench hook' }),
});
if (!hookRes.ok) throw new Error(`webhook create: ${hookRes.status} ${await hookRes.text()}`);
const hook = await hookRes.json();

function message(i) {
  const body = {
    content: `Message ${i}: **build** \`#${1000 + i}\` finished in ${(i % 97) + 3}s — see the details below, <@${guild.members[0].id}>.`,
  };
  if (i % 5 === 0) {
    body.embeds = [
      {
        title: `Deploy ${i}`,
        description: `Commit \`${(i * 2654435761).toString(16).slice(0, 7)}\` deployed to *staging*.`,
        color: 0x5865f2,
        fields: [
          { name: 'Duration', value: `${i % 60}s`, inline: true },
          { name: 'Status', value: 'passed', inline: true },
        ],
        footer: { text: 'ci' },
        timestamp: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      },
    ];
  }
  if (i % 7 === 0)
    body.components = [
      {
        type: 1,
        components: [
          { type: 2, style: 5, label: 'Open run', url: `https://example.com/runs/${i}` },
          { type: 2, style: 5, label: 'Logs', url: `https://example.com/logs/${i}` },
        ],
      },
    ];
  return body;
}

// Filled in parallel lanes; the order within the channel is the emulator's.
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      const r = await fetch(`${em.url}/webhooks/${hook.id}/${hook.token}?wait=true&with_components=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message(i)),
      });
      if (!r.ok) throw new Error(`webhook execute ${i}: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    }
  }),
);

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

/** One page load of a channel: bytes transferred and ms from navigation start to its messages rendered. */
async function open(channel, expectMessages) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // The page opens the channel its saved selection names (src/web/main.ts).
  await page.addInitScript(
    ([selection, id, wantMessages]) => {
      localStorage.setItem('cmdsync-view-selection', selection);
      const done = () => {
        const list = document.querySelector(`.messages[data-channel-id="${id}"][data-loaded="true"]`);
        return list !== null && (!wantMessages || list.querySelector('[data-message-id]') !== null);
      };
      const observer = new MutationObserver(() => {
        if (window.__loadedAt === undefined && done()) {
          window.__loadedAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-loaded', 'data-channel-id'],
      });
    },
    [
      JSON.stringify({ guildId, channelId: channel.id, memberId: guild.members[0].id, locale: 'en-US' }),
      channel.id,
      expectMessages,
    ],
  );
  let bytes = 0;
  const sizes = [];
  const inflight = new Set();
  page.on('request', (r) => {
    if (!r.url().includes('/view/stream')) inflight.add(r);
  });
  page.on('requestfailed', (r) => inflight.delete(r));
  page.on('requestfinished', (r) => {
    sizes.push(
      r.sizes().then((s) => {
        bytes += s.responseBodySize + s.responseHeadersSize;
        inflight.delete(r);
      }),
    );
  });
  await page.goto(`${em.viewUrl}#/channels`);
  try {
    await page.waitForFunction(() => window.__loadedAt !== undefined, undefined, { timeout: LOADED_TIMEOUT_MS });
  } catch {
    throw new Error(
      `channel ${channel.name}: no .messages[data-channel-id="${channel.id}"][data-loaded="true"]${expectMessages ? ' with messages' : ''} within ${LOADED_TIMEOUT_MS / 1000} s (is the channel view built?)`,
    );
  }
  const ms = await page.evaluate(() => window.__loadedAt);
  const rendered = await page.locator(`.messages[data-channel-id="${channel.id}"] [data-message-id]`).count();
  // Everything the first render asked for (later pages, avatars) counts as page weight.
  while (inflight.size > 0 || sizes.length > 0) {
    await Promise.all(sizes.splice(0));
    if (inflight.size > 0)
      await page.waitForEvent('requestfinished', { timeout: 10_000 }).catch(() => inflight.clear());
  }
  await context.close();
  return { ms, bytes, rendered };
}

const runs = { full: [], empty: [] };
await open(empty, false); // warm-up: the first launch pays for disk caches and JIT.
// Alternating which goes first, so neither side always pays for following the other.
for (let i = 0; i < ROUNDS; i++) {
  if (i % 2 === 0) runs.empty.push(await open(empty, false));
  runs.full.push(await open(full, true));
  if (i % 2 === 1) runs.empty.push(await open(empty, false));
}
await browser.close();
await em.close();

const m = (list, key) => median(list.map((r) => r[key]));
const timeRatio = median(runs.full.map((r, i) => r.ms / runs.empty[i].ms));
const byteRatio = median(runs.full.map((r, i) => r.bytes / runs.empty[i].bytes));
const kb = (b) => (b / 1024).toFixed(0);
console.log(
  `\n${ROUNDS} rounds, medians, headless Chromium, loopback; ${MESSAGES} webhook messages (1 in 5 with an embed, 1 in 7 with buttons) vs an empty channel\n`,
);
console.log('channel          page weight   loaded in   messages rendered');
console.log(
  `empty            ${kb(m(runs.empty, 'bytes')).padStart(8)} KB   ${m(runs.empty, 'ms').toFixed(0).padStart(6)} ms   ${m(runs.empty, 'rendered')}`,
);
console.log(
  `${MESSAGES} messages    ${kb(m(runs.full, 'bytes')).padStart(8)} KB   ${m(runs.full, 'ms').toFixed(0).padStart(6)} ms   ${m(runs.full, 'rendered')}`,
);
console.log(
  `\nratio to the empty channel: bytes ${byteRatio.toFixed(2)}x, time to loaded ${timeRatio.toFixed(2)}x (medians of per-round ratios)`,
);
