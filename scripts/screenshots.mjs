// Maintainer script (not a test): the README's pictures of the web view.
//   npm run build && node scripts/screenshots.mjs
// Starts an emulator, sets a realistic scene through its real API — a webhook
// message with an embed and buttons, a guild command with French names, a
// bot on the gateway answering an invocation of it — then opens the web view
// in headless Chromium (the system's, as the browser tests use it) and writes
//   docs/images/web-view-channel.png   the channel with those messages
//   docs/images/web-view-commands.png  the command picker under locale fr
// It waits on the views' DOM contract (.messages[data-loaded="true"],
// [data-command-id] .command-name), so it fails loudly if a view changed.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import WebSocket from 'ws';
import { startEmulator } from '../dist/emulator/index.js';

const root = join(import.meta.dirname, '..');
const OUT = join(root, 'docs', 'images');
const CHROMIUM = findChromium();
const VIEWPORT = { width: 1280, height: 760 };

if (!CHROMIUM) {
  console.error(
    'screenshots: no Chromium found; install it with `sudo bash scripts/ci/install-browser.sh` or set CMDSYNC_CHROMIUM',
  );
  process.exit(1);
}

const em = await startEmulator({ rateLimits: false });
const { applicationId, botToken, guildId } = em.credentials;
const guild = em.world.guilds[guildId];
const channel = guild.channels.find((c) => c.type === 0);
const user = guild.members.find((m) => m.id === guild.ownerId) ?? guild.members[0];
const bot = { authorization: `Bot ${botToken}`, 'content-type': 'application/json' };

async function api(method, path, body, headers = bot) {
  const res = await fetch(`${em.url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

try {
  // A CI webhook posting a deploy notice, then a plain message.
  const hook = await api('POST', `/channels/${channel.id}/webhooks`, { name: 'Deploy bot' });
  const execute = (body) =>
    api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true&with_components=true`, body, {
      'content-type': 'application/json',
    });
  await execute({ content: 'Nightly build **#1042** is ready for review.' });
  await execute({
    content: 'Deployed to `staging` :rocket:',
    embeds: [
      {
        title: 'cmdsync 0.4.0 → staging',
        description: 'Commands synced: **3 created**, 1 updated, 0 deleted.\nPlan reviewed in #general.',
        color: 0x23a55a,
        fields: [
          { name: 'Environment', value: 'staging', inline: true },
          { name: 'Duration', value: '41 s', inline: true },
          { name: 'Commit', value: '`a1b2c3d` Localize /deploy in French' },
        ],
        footer: { text: 'GitHub Actions' },
        timestamp: new Date().toISOString(),
      },
    ],
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 5, label: 'View run', url: 'https://github.com/example/cmdsync/actions' },
          { type: 2, style: 5, label: 'Changelog', url: 'https://github.com/example/cmdsync/releases' },
        ],
      },
    ],
  });

  // Guild commands, one localized in French with its options.
  const commands = `/applications/${applicationId}/guilds/${guildId}/commands`;
  await api('POST', commands, {
    name: 'deploy',
    description: 'Deploy the current build',
    name_localizations: { fr: 'deployer' },
    description_localizations: { fr: 'Déployer la version actuelle' },
    options: [
      {
        type: 3,
        name: 'target',
        description: 'Where to deploy',
        name_localizations: { fr: 'cible' },
        description_localizations: { fr: 'Où déployer' },
        required: true,
        choices: [
          { name: 'staging', value: 'staging', name_localizations: { fr: 'préproduction' } },
          { name: 'production', value: 'production' },
        ],
      },
      {
        type: 5,
        name: 'dry-run',
        description: 'Show the plan only',
        name_localizations: { fr: 'essai' },
        description_localizations: { fr: 'Montrer le plan seulement' },
      },
    ],
  });
  await api('POST', commands, {
    name: 'status',
    description: 'Show the service status',
    name_localizations: { fr: 'statut' },
    description_localizations: { fr: 'Afficher l’état du service' },
  });
  await api('POST', commands, {
    name: 'purge',
    description: 'Delete recent messages',
    default_member_permissions: '8192',
    name_localizations: { fr: 'purger' },
    description_localizations: { fr: 'Supprimer les messages récents' },
  });

  // A bot on the gateway answers /deploy: the answer shows in the channel.
  await answerOneInvocation(async () => {
    const outcome = await em.invoke({
      line: '/deploy target:staging',
      guildId,
      channelId: channel.id,
      userId: user.id,
      locale: 'en-US',
      applicationId,
    });
    if (outcome.outcome !== 'answered') throw new Error(`invoke: ${JSON.stringify(outcome).slice(0, 300)}`);
  });

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    await shoot(
      browser,
      'en-US',
      'channels',
      `.messages[data-channel-id="${channel.id}"][data-loaded="true"] [data-message-id]`,
      'web-view-channel.png',
    );
    // The picture shows the form open on /deploy, as a developer sees it before sending.
    await shoot(browser, 'fr', 'commands', '[data-command-id] .command-name', 'web-view-commands.png', async (page) => {
      await page.locator('li.command', { hasText: 'deployer' }).first().click();
      await page.locator('form.invoke-form').waitFor();
    });
  } finally {
    await browser.close();
  }
} finally {
  await em.close();
}

/** Opens the page with a saved selection (channel, member, locale) on one view and writes its picture once `ready` shows. */
async function shoot(browser, locale, view, ready, file, act = async () => {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'dark' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(
    (selection) => localStorage.setItem('cmdsync-view-selection', selection),
    JSON.stringify({ guildId, channelId: channel.id, memberId: user.id, locale }),
  );
  await page.goto(`${em.viewUrl}#/${view}`);
  try {
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
  } catch {
    throw new Error(
      `screenshots: the ${view} view never showed ${ready}${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`,
    );
  }
  await act(page);
  // Fonts and images settle before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('load');
  const path = join(OUT, file);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  console.log(`screenshots: wrote ${path.slice(root.length + 1)}`);
  await context.close();
}

/** Connects a bot to the gateway, runs `act`, and answers the first INTERACTION_CREATE with a message and an embed. */
async function answerOneInvocation(act) {
  const ws = new WebSocket(em.gatewayUrl);
  let answered;
  const ready = new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.op === 10)
        ws.send(
          JSON.stringify({
            op: 2,
            d: {
              token: botToken,
              intents: 1,
              properties: { os: 'linux', browser: 'screenshots', device: 'screenshots' },
            },
          }),
        );
      if (frame.t === 'READY') resolve();
      if (frame.t === 'INTERACTION_CREATE') {
        const i = frame.d;
        const target = i.data.options?.find((o) => o.name === 'target')?.value ?? 'staging';
        answered = api(
          'POST',
          `/interactions/${i.id}/${i.token}/callback`,
          {
            type: 4,
            data: {
              content: `Deploying to **${target}**…`,
              embeds: [{ title: 'Plan', description: '`+ /status`  `~ /deploy`  `- /old-ping`', color: 0x5865f2 }],
            },
          },
          { 'content-type': 'application/json' },
        );
      }
    });
  });
  try {
    await ready;
    await act();
    await answered;
  } finally {
    ws.close();
  }
}
