/**
 * Thrown by apply's `send` once a request has failed: it unwinds the scope
 * (or the webhook run) that sent it without being reported a second time.
 */
export class Stop extends Error {}
