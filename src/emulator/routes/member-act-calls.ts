/**
 * What a member does besides posting, for callers in this process (the test
 * runner): the same handlers, answers and events as the control routes
 * (`PATCH`/`DELETE /__emulator/messages`, `PUT`/`DELETE /__emulator/reactions`,
 * `POST`/`DELETE /__emulator/guilds/:id/members`). Channels and members are
 * ids or names, as there.
 */
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { EmulatorResponse } from '../http/http-types.js';
import type { Store } from '../state/store.js';
import { memberControl } from './member-control.js';
import { memberChange, memberReact, type MessageControlEnv } from './message-control.js';

export interface MessageRef {
  channelId: string;
  messageId: Snowflake;
  userId: string;
}

export interface MemberActs {
  /** The member edits the text of their own message. */
  edit(request: MessageRef & { content: string }): EmulatorResponse;
  /** The member deletes a message: their own, or another's with MANAGE_MESSAGES. */
  delete(request: MessageRef): EmulatorResponse;
  /** The member reacts with a unicode emoji, or (`unreact`) takes the reaction back. */
  react(request: MessageRef & { emoji: string }): EmulatorResponse;
  unreact(request: MessageRef & { emoji: string }): EmulatorResponse;
  /** Someone joins the guild (201 with the member object), or a member leaves it (204). */
  join(guildId: Snowflake, member: { username: string; id?: Snowflake; roles?: string[] }): Promise<EmulatorResponse>;
  leave(guildId: Snowflake, userId: Snowflake): Promise<EmulatorResponse>;
}

export function memberActCalls(env: MessageControlEnv & { store: Store; events: EventBus }): MemberActs {
  const members = memberControl(env.store, env.events, env.nextId, env.now);
  // The control chain answers undefined only for a path it does not serve; these paths are its own.
  const guildMembers = (method: string, path: string, body: unknown) => members(method, path, body)!;
  return {
    edit: (request) => memberChange(env, 'PATCH', request),
    delete: (request) => memberChange(env, 'DELETE', request),
    react: (request) => memberReact(env, 'PUT', request),
    unreact: (request) => memberReact(env, 'DELETE', request),
    join: (guildId, member) => guildMembers('POST', `/guilds/${guildId}/members`, member),
    leave: (guildId, userId) => guildMembers('DELETE', `/guilds/${guildId}/members/${userId}`, undefined),
  };
}
