/**
 * Which world a request is answered in while a test runner drives the
 * emulator. Each scenario starts from a restored world, but a bot's work
 * outlives it: a collector's reply to the poll it posted, a reaction chained
 * after another, a ticket channel closed a second later. On the service those
 * messages and channels still exist; here they exist only in the world the
 * reset left behind (`Store.retired`). A request that names a message or a
 * channel the current world lacks and that world has is answered there, so
 * the bot gets what the service would answer (not 10008 Unknown Message,
 * which kills a bot that does not catch it), and the test runner shows it,
 * late, in the scenario before (the interactions' tokens work the same way:
 * routes/interactions.ts `envOf`).
 */
import type { Store } from '../../state/store.js';
import { findChannel, type World } from '../../state/world.js';
import type { EmulatorRequest } from '../http-types.js';

const hasChannel = (world: World, id: string): boolean => findChannel(world, id) !== undefined;

/** The id of the message a new message replies to (`message_reference.message_id`), when the body has one. */
function referencedMessage(body: unknown): string | undefined {
  const ref = (body as { message_reference?: { message_id?: unknown } } | undefined)?.message_reference;
  return typeof ref?.message_id === 'string' ? ref.message_id : undefined;
}

/** The retired world when the request names what only it has; undefined to answer in the current world. */
export function lateWorld(store: Store, request: EmulatorRequest): World | undefined {
  const retired = store.retired;
  if (!retired) return undefined;
  const now = store.world;
  const onlyThen = (id: string | undefined, has: (w: World, id: string) => boolean) =>
    id !== undefined && !has(now, id) && has(retired, id);
  const message = (w: World, id: string) => w.messages[id] !== undefined;
  const { messageId, channelId } = request.params;
  if (onlyThen(messageId, message) || onlyThen(referencedMessage(request.body), message)) return retired;
  // A channel made during the scenario before (a ticket), named in the path.
  if (messageId === undefined && onlyThen(channelId, hasChannel)) return retired;
  return undefined;
}
