/** Shared world and HTTP helpers of the webhook integration tests. */
import { request } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { Seed } from '../../src/emulator/state/world.js';

export const IDS = {
  app: '1000000000000000001',
  otherApp: '1000000000000000002',
  guild: '2000000000000000001',
  otherGuild: '2000000000000000002',
  text: '3000000000000000001',
  announcement: '3000000000000000002',
  forum: '3000000000000000003',
  media: '3000000000000000004',
  category: '3000000000000000005',
  thread: '3000000000000000006',
  archivedThread: '3000000000000000007',
  otherText: '3000000000000000008',
  foreignText: '3000000000000000009',
  forumPost: '3000000000000000010',
  tagBug: '4000000000000000001',
  tagIdea: '4000000000000000002',
  member: '5000000000000000001',
  role: '6000000000000000001',
} as const;

export const OTHER_BOT_TOKEN = 'other-app-bot-token-without-manage-webhooks';

export const seed: Seed = {
  applications: [
    { id: IDS.app, name: 'Main App' },
    { id: IDS.otherApp, name: 'Other App', bot_token: OTHER_BOT_TOKEN },
  ],
  guilds: [
    {
      id: IDS.guild,
      name: 'Guild',
      channels: [
        { id: IDS.text, type: 0, name: 'general' },
        { id: IDS.announcement, type: 5, name: 'news' },
        {
          id: IDS.forum,
          type: 15,
          name: 'forum',
          available_tags: [
            { id: IDS.tagBug, name: 'bug' },
            { id: IDS.tagIdea, name: 'idea' },
          ],
        },
        { id: IDS.media, type: 16, name: 'media' },
        { id: IDS.category, type: 4, name: 'cat' },
        { id: IDS.thread, type: 11, name: 'thread', parent_id: IDS.text },
        { id: IDS.archivedThread, type: 11, name: 'old', parent_id: IDS.text, archived: true },
        { id: IDS.otherText, type: 0, name: 'other' },
        { id: IDS.forumPost, type: 11, name: 'post', parent_id: IDS.forum },
      ],
      roles: [{ id: IDS.role, name: 'Mods' }],
      members: [{ id: IDS.member, username: 'alice' }],
      apps: { [IDS.app]: { permissions: String(1n << 29n) }, [IDS.otherApp]: { permissions: '0' } },
    },
    // Only the main app is installed here.
    {
      id: IDS.otherGuild,
      name: 'Other',
      channels: [{ id: IDS.foreignText, type: 0, name: 'x' }],
      apps: { [IDS.app]: {} },
    },
  ],
};

export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  body?: unknown;
  /** Authorization header value; omitted → the main app's bot token; null → none. */
  auth?: string | null;
  headers?: Record<string, string>;
  form?: FormData;
}

export class Client {
  constructor(readonly emu: RunningEmulator) {}

  get botAuth(): string {
    return `Bot ${this.emu.credentials.botToken}`;
  }

  async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, opts: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const auth = opts.auth === undefined ? this.botAuth : opts.auth;
    if (auth !== null) headers.authorization = auth;
    let body: string | Buffer | undefined;
    if (opts.form) {
      const r = new Request('http://x', { method: 'POST', body: opts.form });
      headers['content-type'] = r.headers.get('content-type')!;
      body = Buffer.from(await r.arrayBuffer());
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await request(`${this.emu.url}${path}`, { method, headers, body });
    const text = await res.body.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, body: parsed, text, headers: res.headers };
  }

  /** Creates a webhook in `channelId` as the main app and returns it (with token). */
  async create(channelId: string, name = 'hook'): Promise<{ id: string; token: string } & Record<string, any>> {
    const r = await this.call('POST', `/channels/${channelId}/webhooks`, { body: { name } });
    if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`);
    return r.body;
  }
}

export async function startWebhookEmulator(): Promise<{ emu: RunningEmulator; client: Client }> {
  const emu = await startEmulator({ port: 0, rateLimits: false, seed });
  return { emu, client: new Client(emu) };
}
