// An HTTP-interactions bot: no gateway, no library but `discord-interactions`
// for the signature check. The service POSTs each interaction to
// /interactions; the bot answers in the HTTP response and sends what comes
// later (a deferred answer's edit, follow-ups) with fetch. Where it listens and
// whom it talks to come from the environment, so `cmdsync test` can point it
// at the emulator:
//   DISCORD_PUBLIC_KEY  the application's public key (signatures are verified with it)
//   CMDSYNC_API_URL     the REST base with the version; unset: https://discord.com/api/v10
//   PORT                where to listen (default 3000)
import { createServer } from 'node:http';
import {
  ButtonStyleTypes,
  InteractionResponseFlags,
  InteractionResponseType,
  InteractionType,
  MessageComponentTypes,
  TextStyleTypes,
  verifyKey,
} from 'discord-interactions';

const API = process.env.CMDSYNC_API_URL ?? 'https://discord.com/api/v10';
const PUBLIC_KEY = process.env.DISCORD_PUBLIC_KEY;
const FRUITS = ['Apple', 'Banana', 'Blueberry', 'Cherry'];

const message = (content, extra = {}) => ({
  type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
  data: { content, ...extra },
});
const option = (i, name) => i.data.options?.find((o) => o.name === name);

/** The callback body for an interaction; `later` runs work after the callback is sent. */
function answer(i, later) {
  if (i.type === InteractionType.PING) return { type: InteractionResponseType.PONG };
  if (i.type === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE) {
    const typed = String(option(i, 'name')?.value ?? '').toLowerCase();
    const choices = FRUITS.filter((f) => f.toLowerCase().startsWith(typed)).map((f) => ({
      name: f,
      value: f.toLowerCase(),
    }));
    return { type: InteractionResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, data: { choices } };
  }
  if (i.type === InteractionType.MESSAGE_COMPONENT && i.data.custom_id === 'confirm-yes') {
    return { type: InteractionResponseType.UPDATE_MESSAGE, data: { content: 'Done', components: [] } };
  }
  if (i.type === InteractionType.MODAL_SUBMIT && i.data.custom_id === 'feedback') {
    const text = i.data.components[0].components[0].value;
    return message(`Thanks: ${text}`, { flags: InteractionResponseFlags.EPHEMERAL });
  }
  if (i.type === InteractionType.APPLICATION_COMMAND) return command(i, later);
  return undefined;
}

function command(i, later) {
  switch (i.data.name) {
    case 'ping':
      return message('pong');
    case 'report':
      // Slow work: defer now (the member sees "thinking…"), answer and follow up afterwards.
      later(async () => {
        await webhook(i, 'PATCH', '/messages/@original', { content: 'Report ready' });
        await webhook(i, 'POST', '', { content: 'Page 2 of the report' });
      });
      return { type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE };
    case 'fruit':
      return message(`You picked ${option(i, 'name').value}`);
    case 'ban':
      // Only members with BAN_MEMBERS see /ban (default_member_permissions in cmdsync.yaml).
      return message(`Would ban ${i.data.resolved.users[option(i, 'who').value].username}`);
    case 'confirm': {
      const yes = {
        type: MessageComponentTypes.BUTTON,
        style: ButtonStyleTypes.SUCCESS,
        custom_id: 'confirm-yes',
        label: 'Yes',
      };
      return message('Sure?', { components: [{ type: MessageComponentTypes.ACTION_ROW, components: [yes] }] });
    }
    case 'feedback': {
      const text = {
        type: MessageComponentTypes.INPUT_TEXT,
        custom_id: 'text',
        label: 'Your text',
        style: TextStyleTypes.PARAGRAPH,
      };
      return {
        type: InteractionResponseType.MODAL,
        data: {
          custom_id: 'feedback',
          title: 'Feedback',
          components: [{ type: MessageComponentTypes.ACTION_ROW, components: [text] }],
        },
      };
    }
  }
  return undefined;
}

async function webhook(i, method, path, body) {
  const res = await fetch(`${API}/webhooks/${i.application_id}/${i.token}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) console.error(`${method} webhook${path}: ${res.status} ${await res.text()}`);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const server = createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/interactions') return res.writeHead(404).end();
  const body = await readBody(req);
  const valid = await verifyKey(
    body,
    req.headers['x-signature-ed25519'] ?? '',
    req.headers['x-signature-timestamp'] ?? '',
    PUBLIC_KEY,
  );
  if (!valid) return res.writeHead(401).end('invalid request signature');
  const work = [];
  const callback = answer(JSON.parse(body.toString('utf8')), (fn) => work.push(fn));
  if (!callback) return res.writeHead(400).end('unknown interaction');
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(callback));
  for (const fn of work) await fn().catch((error) => console.error('follow-up failed:', error));
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () =>
  console.log(`listening on ${server.address().port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
