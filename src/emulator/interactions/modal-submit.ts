/**
 * Submitting the modal a member has open (facts §3.2): the fields filled as
 * the client checks them, then a MODAL_SUBMIT interaction to the application
 * that opened it, from the same member and place, carrying the message when
 * a component opened it.
 */
import { modalSubmitData, modalValues } from '../../wire/interactions/component-modal.js';
import { refuse } from '../../wire/interactions/component-use.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { randomToken } from '../state/ids.js';
import { resolveNames } from '../state/names.js';
import { own } from '../state/own.js';
import { deliverComponent, type ComponentEnv, type ComponentOutcome } from './component-deliver.js';
import { invalid } from './invoked.js';
import type { Obj } from '../../wire/rules/values.js';

export interface ModalSubmitRequest {
  /** The member whose open modal is submitted: an id or a name. */
  userId: string;
  /** Needed only when the member has modals of several applications open. */
  applicationId?: string;
  /** Field (custom_id or label) → the text typed; fields left out keep their pre-filled value. */
  fields: Record<string, string>;
  locale?: string;
  waitSeconds?: number;
}

/** The opener's fields that are the submission's too: the member, the place, the permissions (not its id, token, type or data). */
function envelopeOf(opener: Obj, id: Snowflake, locale: string | undefined): Obj {
  const { id: _id, token: _token, type: _type, data: _data, message: _message, ...rest } = opener;
  return { ...rest, id, token: `aW50ZXJhY3Rpb246${randomToken(48)}`, ...(locale ? { locale } : {}) };
}

/** An answer to the submission names the interaction that opened the modal (facts §6.4). */
function triggering(opener: Obj, messageId: Snowflake | undefined): Obj {
  return {
    id: opener.id,
    type: opener.type,
    user: (opener.member as Obj | undefined)?.user ?? opener.user,
    authorizing_integration_owners: opener.authorizing_integration_owners,
    ...(messageId ? { interacted_message_id: messageId } : {}),
  };
}

export async function submitModal(env: ComponentEnv, req: ModalSubmitRequest): Promise<ComponentOutcome> {
  const world = env.world();
  const names = resolveNames(world, { userId: req.userId, applicationId: req.applicationId }, env.defaultGuildId);
  if ('problem' in names) return invalid(names.problem);
  const open = env.registry.modals.of(names.userId!, names.applicationId);
  if (open.length === 0)
    return {
      outcome: 'refused',
      refusal: refuse(
        'no-modal',
        `${req.userId} has no modal open${names.applicationId ? ` from application ${names.applicationId}` : ''}`,
      ),
    };
  if (open.length > 1)
    return invalid(
      `${req.userId} has modals of ${open.length} applications open (${open.map((m) => m.applicationId).join(', ')}): name the application`,
    );
  const m = open[0]!;
  const app = own(world.applications, m.applicationId);
  if (!app) return invalid(`unknown application ${m.applicationId}`);
  const values = modalValues(m.modal, req.fields);
  if (!(values instanceof Map)) return { outcome: 'refused', refusal: values };
  // The message a component opened it from, as it is now; gone, the submission goes without it.
  const message = m.messageId !== undefined ? own(world.messages, m.messageId)?.message : undefined;
  const outcome = await deliverComponent(env, app, {
    envelope: envelopeOf(m.opener, env.nextId(), req.locale),
    type: InteractionType.MODAL_SUBMIT,
    data: modalSubmitData(m.modal, values),
    extra: message ? { message: structuredClone(message) } : {},
    name: String(m.modal.custom_id),
    userId: m.userId,
    ...(typeof m.opener.guild_id === 'string' ? { guildId: m.opener.guild_id } : {}),
    channelId: String(m.opener.channel_id),
    component: {
      ...(message ? { messageId: m.messageId! } : {}),
      metadata: { triggering_interaction_metadata: triggering(m.opener, m.messageId) },
      ...(m.opener.type === InteractionType.APPLICATION_COMMAND
        ? { openedBy: String((m.opener.data as Obj | undefined)?.name) }
        : {}),
    },
    waitSeconds: req.waitSeconds,
  });
  // Answered, the form closes; unanswered, the client keeps it open with an error.
  if (outcome.outcome === 'answered') env.registry.modals.close(m);
  return outcome;
}
