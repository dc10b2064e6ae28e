/**
 * What a step acts on, found in the world as it is when the step runs: the
 * message a reference names (an id, the bot's latest in the channel, a
 * message an earlier step observed, the latest whose content matches) and
 * the component a position names (turned into its custom_id, which the
 * client's lookup takes first). Not found: a problem in the test, said in
 * the terms it was written in.
 */
import type { RunningEmulator } from '../../emulator/index.js';
import { allComponents } from '../../wire/interactions/component-use.js';
import { ComponentType, SELECT_COMPONENT_TYPES } from '../../wire/enums.js';
import { happened } from '../match/step.js';
import { matchesText, showMatcher } from '../match/text.js';
import type { ComponentRef, MessageRef, Observed, ObservedMessage } from '../model.js';
import { channelMessagesNewestFirst, channelOf, latestBotMessage, type Place } from './place.js';
import type { StepContext } from './acted.js';

type Obj = Record<string, unknown>;
type Found<T> = T | { problem: string };

/** The scenario's earlier steps by their `id:`: what each came to, read as it stands now. */
export type Earlier = ReadonlyMap<string, { read(): Observed }>;

export interface Where {
  emulator: RunningEmulator;
  applicationId: string;
  channelId: string | undefined;
  userId: string | undefined;
}

export function where(ctx: StepContext, place: Place): Where {
  return {
    emulator: ctx.emulator,
    applicationId: ctx.applicationId,
    channelId: channelOf(ctx.emulator, place),
    userId: place.userId,
  };
}

/** The id of the message `ref` names; no ref: the bot's latest message in the channel. */
export function messageOf(w: Where, ref: MessageRef | undefined, earlier: Earlier, doing: string): Found<string> {
  if (ref === undefined || ref.kind === 'latest') {
    const latest =
      w.channelId !== undefined ? latestBotMessage(w.emulator, w.applicationId, w.channelId, w.userId) : undefined;
    return latest ? latest.id : { problem: `nothing to ${doing}: the bot has no message in the channel` };
  }
  if (ref.kind === 'id') return ref.id;
  if (ref.kind === 'content') {
    const found =
      w.channelId !== undefined
        ? channelMessagesNewestFirst(w.emulator, w.channelId, w.userId).find((m) =>
            matchesText(ref.content, typeof m.message.content === 'string' ? m.message.content : ''),
          )
        : undefined;
    return found
      ? found.id
      : { problem: `nothing to ${doing}: no message in the channel says ${showMatcher(ref.content)}` };
  }
  const observed = earlier.get(ref.step)?.read();
  if (!observed) return { problem: `nothing to ${doing}: step ${ref.step} has not run in this scenario` };
  const message = partOf(observed, ref);
  const written = `${ref.step}.${ref.part}${ref.index !== undefined ? `[${ref.index}]` : ''}`;
  return message
    ? message.id
    : { problem: `nothing to ${doing}: step ${ref.step} has no ${written} (${happened(observed)})` };
}

function partOf(o: Observed, ref: Extract<MessageRef, { kind: 'step' }>): ObservedMessage | undefined {
  switch (ref.part) {
    case 'reply':
    case 'update':
    case 'message':
      return o[ref.part];
    case 'said':
      return o.acted;
    case 'messages':
    case 'followups':
      return o[ref.part][ref.index ?? 0];
  }
}

/** The component's name for the client's lookup: as written, or the custom_id of the one at the position. */
export function componentOf(
  emulator: RunningEmulator,
  messageId: string,
  ref: ComponentRef,
  kind: 'click' | 'select',
): Found<string> {
  if (typeof ref === 'string') return ref;
  const stored = emulator.world.messages[messageId];
  if (!stored) return { problem: `no message ${messageId}` };
  const what = kind === 'click' ? 'button' : 'select';
  const all = allComponents(stored.message.components);
  let found: Obj | undefined;
  let where: string;
  if ('index' in ref) {
    const mine = all.filter((c) => (kind === 'click' ? c.type === ComponentType.BUTTON : isSelect(c)));
    found = mine[ref.index];
    where = `${what} { index: ${ref.index} } (the message has ${mine.length} ${what}${mine.length === 1 ? '' : 's'})`;
  } else {
    const rows = all.filter((c) => c.type === ComponentType.ACTION_ROW);
    const row = rows[ref.row];
    const items = Array.isArray(row?.components) ? (row.components as Obj[]) : [];
    found = items[ref.column];
    where = `component at { row: ${ref.row}, column: ${ref.column} } (the message has ${rows.length} row${rows.length === 1 ? '' : 's'}${row ? `; row ${ref.row} has ${items.length}` : ''})`;
    if (found && (kind === 'click' ? found.type !== ComponentType.BUTTON : !isSelect(found)))
      return { problem: `the component at { row: ${ref.row}, column: ${ref.column} } is not a ${what}` };
  }
  if (!found) return { problem: `no ${where}` };
  const name = found.custom_id ?? found.label ?? found.url;
  return typeof name === 'string' ? name : { problem: `the ${what} at that position has no custom_id or label` };
}

const isSelect = (c: Obj): boolean => SELECT_COMPONENT_TYPES.includes(c.type as number);
