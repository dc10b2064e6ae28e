/**
 * Everything a step caused, read from the world as it stands: every message
 * the bot posted since the step began (in any channel, in order; the reply
 * and follow-ups among them), the message the step acted on with its
 * reactions as they are now, and, for `say`, that the bot answered nothing
 * at all. Read again whenever the step is, so a late message is seen.
 */
import type { RunningEmulator } from '../../emulator/index.js';
import type { Observed, ObservedMessage, StepKind } from '../model.js';
import { observedMessage } from './observe.js';
import { botMessagesSince, placeLabel } from './place.js';

type Obj = Record<string, unknown>;

/** Where a step began: the messages there were, who acts, the message it acts on (once known). */
export interface StepMark {
  before: ReadonlySet<string>;
  userId: string | undefined;
  kind: StepKind;
  actedId?: string;
  /** The bot has been quiet since the step (a `say`'s `no-answer` is decided only then). */
  quiet?: boolean;
}

/** A message as the member sees it now, with its reactions (kept beside the message object, not in it). */
export function seen(emulator: RunningEmulator, m: Obj): ObservedMessage {
  const id = typeof m.id === 'string' ? m.id : '';
  const observed = observedMessage(
    m,
    (emulator.world.messages[id]?.reactions ?? []).map((r) => r.emoji),
  );
  const where = typeof m.channel_id === 'string' ? placeLabel(emulator.world, m.channel_id) : undefined;
  return where !== undefined ? { ...observed, in: where } : observed;
}

/** What the step observed, completed with what it caused (a refused step caused nothing). */
export function withCaused(
  emulator: RunningEmulator,
  applicationId: string,
  mark: StepMark,
  observed: Observed,
): Observed {
  if (observed.refused !== undefined) return observed;
  const messages = botMessagesSince(emulator, applicationId, mark.before, mark.userId).map((m) =>
    seen(emulator, m.message),
  );
  const stored = mark.actedId !== undefined ? emulator.world.messages[mark.actedId] : undefined;
  const acted = stored ? seen(emulator, stored.message) : undefined;
  const out: Observed = { ...observed, messages, ...(acted ? { acted } : {}) };
  if (messages[0]) out.message = messages[0];
  // What the member did (a post, a reaction, an edit, a join) got nothing back: the same as an interaction the
  // bot left unanswered. Only such steps are marked quiet (acted.ts quietAfter).
  const posted = mark.kind === 'say' || mark.kind === 'dm';
  if (mark.quiet && messages.length === 0 && !(posted && acted?.reactions.length))
    out.noAnswer = `no answer: the bot posted no message${posted ? ' and added no reaction' : ''}`;
  return out;
}
