/**
 * An invocation's outcome as the web view receives it (`POST
 * /__emulator/interactions` with `forPage: true`): the interaction without
 * its token, which is a credential for 15 minutes. Types only, apart from
 * the invoke path, so the page (tsconfig.web.json, no Node types) imports
 * the same definition page-outcome.ts answers.
 */
import type { NoResponse } from '../../wire/interactions/delivery.js';
import type { Refusal } from '../../wire/interactions/refusal.js';

type Obj = Record<string, unknown>;

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
