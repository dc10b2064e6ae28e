/**
 * `say()`: a member posts a message in a channel of an emulator (started in
 * this process, or a running one by its URL and control token), through the
 * control route `POST /__emulator/messages` (in this process, without it). The outcome is the message as
 * the channel now holds it, or the service's refusal (a member without
 * SEND_MESSAGES, an empty message, an unknown channel or member).
 */
import { CmdsyncError } from '../errors.js';
import { controlPost, type InvokeTarget, type RemoteTarget } from './invoke.js';

export interface SayRequest {
  /** The channel's id. */
  channelId: string;
  /** The member who posts: a member of the channel's guild, by id. */
  userId: string;
  content: string;
}

export type SayOutcome =
  | { outcome: 'posted'; message: Record<string, unknown> }
  /** What the service answered instead: its status, code and message, and a form error's tree. */
  | { outcome: 'refused'; status: number; code?: number; message: string; errors?: unknown };

export async function say(request: SayRequest, target: InvokeTarget): Promise<SayOutcome> {
  // An emulator of this process is asked directly; a running one through its control route (the same answer).
  const { status, body } =
    'emulator' in target
      ? target.emulator.say({ ...request })
      : await controlPost(target as RemoteTarget, '/messages', request, 15_000);
  const b = (body ?? {}) as Record<string, unknown>;
  if (status === 200) return { outcome: 'posted', message: b };
  if (typeof b.message !== 'string')
    throw new CmdsyncError('SAY_FAILED', `the emulator could not post it: HTTP ${status}`);
  return {
    outcome: 'refused',
    status,
    message: b.message,
    ...(typeof b.code === 'number' ? { code: b.code } : {}),
    errors: b.errors,
  };
}
