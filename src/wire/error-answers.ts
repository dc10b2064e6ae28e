/**
 * The service's literal error answers that are not a route family's own
 * (facts §1.3, §2.2): the generic code-0 answers, the body and auth refusals
 * every route may give, the command routes' answers, and the 429 messages.
 * A route family's own answers live beside its rules (`WebhookErrors` in
 * webhook.ts, `ChannelErrors` in messages/errors.ts, `InteractionErrors` in
 * interactions/callback.ts, `ComponentErrors`); the ones shared with them are
 * taken from there, not restated.
 */
import { WebhookErrors, type WebhookError } from './webhook.js';

/** One answer: HTTP status, the JSON `code`, the literal `message`. */
export type ErrorAnswer = WebhookError;

/** A code-0 answer, whose message is the HTTP status and its reason (`404: Not Found`). */
export function statusAnswer(status: number, reason: string): ErrorAnswer {
  return { status, code: 0, message: `${status}: ${reason}` };
}

export const ErrorAnswers = {
  unauthorized: WebhookErrors.unauthorized,
  notFound: statusAnswer(404, 'Not Found'),
  methodNotAllowed: statusAnswer(405, 'Method Not Allowed'),
  /** Too large a body (the service's limit on JSON bodies and uploads). */
  tooLarge: WebhookErrors.tooLarge,
  invalidJson: WebhookErrors.invalidJson,
  /** The 50035 answer; its `errors` tree says what was wrong. */
  invalidFormBody: { status: 400, code: 50035, message: 'Invalid Form Body' },
  /** A credential of another application than the path's. */
  notAuthorizedForApplication: {
    status: 403,
    code: 20012,
    message: 'You are not authorized to perform this action on this application',
  },
  /** A bearer without the scope the route needs (what the service answered in 2022, facts §1.3 40001). */
  missingScope: { status: 401, code: 40001, message: 'Unauthorized. Provide a valid token and try again' },
  /** A bot token on a route only a user's bearer may use (permission PUT). */
  botsCannotUse: { status: 403, code: 20001, message: 'Bots cannot use this endpoint' },
  unknownGuild: WebhookErrors.unknownGuild,
  unknownMessage: WebhookErrors.unknownMessage,
  unknownWebhook: WebhookErrors.unknownWebhook,
  /** The application is not installed with applications.commands in that guild. */
  missingAccess: WebhookErrors.missingAccess,
  missingPermissions: WebhookErrors.missingPermissions,
  unknownCommand: { status: 404, code: 10063, message: 'Unknown application command' },
  unknownCommandPermissions: { status: 404, code: 10066, message: 'Unknown application command permissions' },
  commandNameExists: { status: 400, code: 40041, message: 'Application command with that name already exists' },
} as const satisfies Record<string, ErrorAnswer>;

/** The `message` of a 429 body for a caller's own limit, route or global (facts §2.2), and the gateway's 4008 reason. */
export const RATE_LIMITED_MESSAGE = 'You are being rate limited.';
