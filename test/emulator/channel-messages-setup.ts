/**
 * A world for the channel-message tests: one guild whose channels each take
 * one permission away from everyone (the bot included) through an overwrite,
 * two members, and a second application installed with commands only.
 */
import type { Seed } from '../../src/emulator/state/world.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { request } from 'undici';

export const GUILD = '1300000000000000001';
export const ALICE = '1300000000000000011';
export const BOB = '1300000000000000012';

const deny = (names: string[]) => [{ id: GUILD, type: 'role' as const, deny: names }];

export const messageSeed: Seed = {
  // The bots of these tests read message content: privileged, so enabled here as on the developer portal (the member list is not: guild-reads.test.ts).
  applications: [{ flags: ['GATEWAY_MESSAGE_CONTENT'] }],
  guilds: [
    {
      id: GUILD,
      name: 'Messages',
      channels: [
        { id: '1300000000000000101', name: 'general' },
        { id: '1300000000000000102', name: 'secret', permission_overwrites: deny(['VIEW_CHANNEL']) },
        { id: '1300000000000000103', name: 'quiet', permission_overwrites: deny(['SEND_MESSAGES']) },
        {
          id: '1300000000000000104',
          name: 'no-embeds',
          permission_overwrites: deny(['EMBED_LINKS', 'ATTACH_FILES', 'ADD_REACTIONS']),
        },
        { id: '1300000000000000105', name: 'no-history', permission_overwrites: deny(['READ_MESSAGE_HISTORY']) },
        { id: '1300000000000000106', name: 'category', type: 4 },
      ],
      roles: [{ name: 'Moderator' }],
      members: [
        { id: ALICE, username: 'alice', roles: ['Moderator'] },
        { id: BOB, username: 'bob' },
      ],
    },
  ],
};

export const CH = {
  general: '1300000000000000101',
  secret: '1300000000000000102',
  quiet: '1300000000000000103',
  noEmbeds: '1300000000000000104',
  noHistory: '1300000000000000105',
  category: '1300000000000000106',
} as const;

/** A member says something through the control route. */
export function say(em: RunningEmulator, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  return memberAct(em, 'POST', '/messages', body);
}

/** A member's act through a control route: `PATCH`/`DELETE /messages` edits or deletes, `PUT`/`DELETE /reactions` reacts. */
export async function memberAct(
  em: RunningEmulator,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: '/messages' | '/reactions',
  body: Record<string, unknown>,
): Promise<{ status: number; body: any }> {
  const res = await request(`${em.url.replace(/\/api\/v10$/, '')}/__emulator${path}`, {
    method,
    headers: { 'x-cmdsync-control': em.controlToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}
