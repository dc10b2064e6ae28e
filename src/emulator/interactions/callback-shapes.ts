import { CallbackType, EPHEMERAL } from '../../wire/interactions/callback.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { EmulatorResponse } from '../http/http-types.js';
import type { LiveInteraction } from './registry.js';
import { OptionType } from '../../wire/enums.js';

/** `{ id, type, name (with its subcommands), user, member? }` of the command a reply answers. */
export function deprecatedInteraction(live: Pick<LiveInteraction, 'id' | 'type' | 'commandName' | 'payload'>): Obj {
  const member = live.payload.member as Obj | undefined;
  const names = [live.commandName];
  let options = (live.payload.data as Obj | undefined)?.options;
  for (;;) {
    // A subcommand group or subcommand is the one option whose own options hold the rest.
    const first: unknown = Array.isArray(options) ? options[0] : undefined;
    if (!isObject(first) || (first.type !== OptionType.SUB_COMMAND && first.type !== OptionType.SUB_COMMAND_GROUP))
      break;
    names.push(String(first.name));
    options = first.options;
  }
  const { user, ...rest } = member ?? {};
  return {
    id: live.id,
    type: live.type,
    name: names.join(' '),
    user: user ?? live.payload.user,
    ...(member ? { member: rest } : {}),
  };
}

export function callbackResponse(live: LiveInteraction, withResponse: boolean): EmulatorResponse {
  if (!withResponse) return { status: 204 };
  const msg = live.original?.message;
  const resource: Obj = { type: live.answeredWith };
  const withMessage: number[] = [
    CallbackType.CHANNEL_MESSAGE_WITH_SOURCE,
    CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    CallbackType.UPDATE_MESSAGE,
  ];
  if (msg && withMessage.includes(live.answeredWith!)) resource.message = msg;
  return {
    status: 200,
    body: {
      interaction: {
        id: live.id,
        type: live.type,
        activity_instance_id: null,
        response_message_id: msg?.id ?? null,
        response_message_loading: live.answeredWith === CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
        response_message_ephemeral: msg ? ((msg.flags as number) & EPHEMERAL) !== 0 : false,
      },
      resource,
    },
  };
}
