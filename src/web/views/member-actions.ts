/**
 * What the member the page acts as does besides invoking: click a button,
 * choose in a select, submit the modal they have open, post a message. Each
 * goes through the emulator's control routes, the same the CLI's `click`,
 * `select`, `submit-modal` and `say` use, asking with `forPage` so no
 * interaction token reaches the page.
 */
import type { PageComponentOutcome } from '../../emulator/view/outcome-types.js';
import { noResponseReason } from '../../wire/interactions/delivery.js';
import { ApiError, postJson } from '../api.js';
import type { Obj } from '../../wire/rules/values.js';

/** Who acts, and in which locale the interaction says they use the client. */
export interface Acting {
  userId: string;
  locale: string;
}

export function clickButton(messageId: string, customId: string, who: Acting): Promise<PageComponentOutcome> {
  return postJson('/interactions/click', { messageId, button: customId, ...who, forPage: true });
}

export function chooseInSelect(
  messageId: string,
  customId: string,
  values: readonly string[],
  who: Acting,
): Promise<PageComponentOutcome> {
  return postJson('/interactions/select', { messageId, menu: customId, values, ...who, forPage: true });
}

/** Submits the modal `who` has open from `applicationId`; fields by custom_id. */
export function submitModal(
  applicationId: string,
  fields: Record<string, string>,
  who: Acting,
): Promise<PageComponentOutcome> {
  return postJson('/interactions/modal-submit', { applicationId, fields, ...who, forPage: true });
}

/** What the member is told when it did not work: the client's "This interaction failed", and why. Undefined when the application answered. */
export function failureReason(o: PageComponentOutcome): string | undefined {
  switch (o.outcome) {
    case 'answered':
      return undefined;
    case 'invalid':
      return o.message;
    case 'refused':
      return o.refusal.message;
    case 'no-response':
      return `${o.application.name} did not respond: ${noResponseReason(o.cause)}`;
  }
}

/** A request that failed before any outcome (the emulator gone, a 400) as the same line. */
export const errorReason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export type PostOutcome = { ok: true; message: Obj } | { ok: false; reason: string };

/** The member posts `content` in the channel (`POST /__emulator/messages`); the service's refusal comes back as its message and code. */
export async function postMessage(channelId: string, content: string, who: Acting): Promise<PostOutcome> {
  try {
    return {
      ok: true,
      message: await postJson<Obj>('/messages', { channelId, userId: who.userId, content }),
    };
  } catch (err) {
    const code = err instanceof ApiError ? (err.body as { code?: unknown } | undefined)?.code : undefined;
    return { ok: false, reason: `${errorReason(err)}${typeof code === 'number' ? ` (${code})` : ''}` };
  }
}
