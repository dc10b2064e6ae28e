/**
 * An invocation's outcome as the web view receives it (`POST
 * /__emulator/interactions` with `forPage: true`): the interaction without
 * its token, which is a credential for 15 minutes; and a member's use of a
 * component or modal (`/interactions/click|select|modal-submit`), which the
 * page gets without the interaction at all. Types only, apart from
 * the invoke path, so the page (tsconfig.web.json, no Node types) imports
 * the same definition page-outcome.ts answers.
 */
import type { ComponentRefusal } from '../../wire/interactions/component-use.js';
import type { NoResponse } from '../../wire/interactions/delivery.js';
import type { Refusal } from '../../wire/interactions/refusal.js';
import type { Obj } from '../../wire/rules/values.js';

/** An autocomplete choice as the application answered it. */
export interface PageChoice {
  name: string;
  value: string | number;
}

export interface PageDelivered {
  delivery: 'http' | 'gateway';
  application: { id: string; name: string };
  /** The interaction as delivered, without its token. */
  interaction: Obj;
  endpoint?: { status?: number; error?: string };
  callback?: { type: number; data?: unknown };
  original?: Obj;
  followups: Obj[];
  choices?: PageChoice[];
}

export type PageOutcome =
  | { outcome: 'invalid'; message: string; pointer?: string; column?: number }
  | { outcome: 'refused'; refusal: Refusal }
  | { outcome: 'launched'; application: { id: string; name: string }; message: Obj }
  | ({ outcome: 'answered' } & PageDelivered)
  | ({ outcome: 'no-response'; cause: NoResponse } & PageDelivered);

/** What a member's click, select choice or modal submit came to, as the page sees it (`forPage: true` on the component control routes). */
export interface PageComponentDelivered {
  delivery: 'http' | 'gateway';
  application: { id: string; name: string };
  callback?: { type: number; data?: unknown };
  /** The message the component is on, as it is now. */
  message?: Obj;
  /** A new message answering (callback 4 or 5). */
  original?: Obj;
  followups: Obj[];
  /** The modal the member now has open (callback 9). */
  modal?: Obj;
}

export type PageComponentOutcome =
  | { outcome: 'invalid'; message: string }
  /** The client sends nothing (disabled, gone from the message, a value not offered, a field failing its checks). */
  | { outcome: 'refused'; refusal: ComponentRefusal }
  | ({ outcome: 'answered' } & PageComponentDelivered)
  | ({ outcome: 'no-response'; cause: NoResponse } & PageComponentDelivered);
