/**
 * The shapes of the event log (activity.ts keeps it): an entry, the answer
 * of GET /__emulator/view/activity, and an entry as the live feed sends it
 * (stream.ts). Types only, so the page imports the same definition.
 */
import type { EmulatorNote, ImageNote, MessageNote } from '../gateway/events.js';
import type { Obj } from '../../wire/rules/values.js';

export type ActivityEntry = { seq: number; at: number } & (
  | Exclude<EmulatorNote, MessageNote | ImageNote>
  | {
      kind: 'message';
      action: MessageNote['action'];
      channelId: string;
      messageId: string;
      source: MessageNote['source'];
      interaction?: MessageNote['interaction'];
    }
  | { kind: 'dispatch'; name: string; applicationId: string; guildId?: string; summary?: string }
);

/** GET /__emulator/view/activity: the event log, oldest first. */
export interface ActivityAnswer {
  entries: ActivityEntry[];
}

/** An entry as the live feed sends it: message entries carry the message. */
export type StreamEntry = ActivityEntry & { message?: Obj };
