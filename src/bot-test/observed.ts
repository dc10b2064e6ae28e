/**
 * What a step came to, in the terms expectations use (model.ts re-exports
 * these): the messages and the modal the member saw, and what the step
 * caused. Plain data, like model.ts.
 */
import type { WorldValue } from './world-facts.js';

/** A message as the member saw it, reduced to what matchers read. */
export interface ObservedMessage {
  id: string;
  content: string;
  embeds: Record<string, unknown>[];
  /** Buttons and selects in order. */
  components: Array<{
    type: number;
    customId?: string;
    label?: string;
    placeholder?: string;
    disabled?: boolean;
    url?: string;
  }>;
  ephemeral: boolean;
  /** No longer in the channel (the bot deleted it): as it last was. */
  deleted?: true;
  /** Its reactions' emoji (`name`, or `name:id` for a custom one), in the order first added. */
  reactions: string[];
  /** Where it is: `#channel`, or `dm <username>` in the bot's DM with that user (absent: not read, e.g. a launch's reply). */
  in?: string;
}

export interface ObservedModal {
  title: string;
  customId: string;
  fields: Array<{ customId: string; label: string; style: number; required: boolean }>;
}

/** What one step came to, in the terms expectations use. */
export interface Observed {
  reply?: ObservedMessage;
  update?: ObservedMessage;
  followups: ObservedMessage[];
  modal?: ObservedModal;
  choices?: Array<{ name: string; value: unknown }>;
  /** The service's refusal, as the member sees it. */
  refused?: string;
  /** The bot's answer never came, and why: the delivery outcome's line (`no answer: no gateway session connected`), as the transcript says it. */
  noAnswer?: string;
  /** The first message the bot posted because of the step: `messages[0]`. */
  message?: ObservedMessage;
  /** Every message the bot posted because of the step, in order, in any channel (the reply and follow-ups among them). */
  messages: ObservedMessage[];
  /** The message the step acted on, as it is now: `say`'s own message, a click's or select's message, a message command's target. */
  acted?: ObservedMessage;
  /** The guild's facts the step's `world:` names, by their key as written, as they are now. */
  world?: Record<string, WorldValue>;
}
