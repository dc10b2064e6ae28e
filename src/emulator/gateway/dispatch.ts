/**
 * What one session is sent of a bus event, decided at send time: the intent
 * the event needs (from its payload for message, reaction and member events,
 * whatever the emitter said), and the message as that session may read it.
 */
import { DISPATCH_INTENT, Intent } from '../../wire/gateway.js';
import { enabledPrivilegedIntents, payloadIntent } from '../../wire/intents.js';
import type { Application } from '../state/world.js';
import type { EmulatorEvent } from './events.js';
import { visibleMessage } from './message-visibility.js';
import type { Session } from './session.js';
import type { Obj } from '../../wire/rules/values.js';

/** Dispatches that carry a whole message, blanked for a session that may not read its content. */
const MESSAGE_BODY_EVENTS = new Set(['MESSAGE_CREATE', 'MESSAGE_UPDATE']);

/** The intent a session needs to be sent `event` (0: none). */
export function intentOf(event: EmulatorEvent, app: Application | undefined): number {
  return (
    payloadIntent(event.name, event.data, app?.botUserId ?? '') ?? event.intent ?? DISPATCH_INTENT[event.name] ?? 0
  );
}

/** Whether the application's sessions may read message content they identified for: its flag still on. */
export function appReadsContent(app: Application | undefined): boolean {
  return (enabledPrivilegedIntents(app?.profile?.flags ?? 0) & Intent.MESSAGE_CONTENT) !== 0;
}

/** The event's payload as `session` receives it. */
export function payloadFor(
  event: EmulatorEvent,
  session: Session,
  app: Application | undefined,
  appReads: boolean,
): unknown {
  if (!MESSAGE_BODY_EVENTS.has(event.name) || typeof event.data !== 'object' || event.data === null) return event.data;
  const readsContent = appReads && (session.intents & Intent.MESSAGE_CONTENT) !== 0;
  return visibleMessage(event.data as Obj, { botUserId: app?.botUserId ?? '', readsContent });
}
