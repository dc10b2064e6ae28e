/** What a test or `cmdsync emulator` may tune of the gateway, and the defaults the service's behaviour suggests. */

/** How long a new connection may take to identify (the service's own deadline is not documented: docs/deviations.md). */
export const IDENTIFY_TIMEOUT_MS = 45_000;

export interface GatewayOptions {
  /** Sent in Hello; a connection silent for 1.5 intervals is closed with 4009. Default 41250 ms. */
  heartbeatIntervalMs?: number;
  /** Sessions of one application (bot token), attached or kept for Resume, at most. Default 100. */
  maxSessions?: number;
  /** A connection that has not identified (or resumed) this long after it opened is closed with 4003. Default 45 s. */
  identifyTimeoutMs?: number;
  /** Connections not yet identified, at most, whoever opened them: one more closes the oldest (4003). Default 100. */
  maxUnidentified?: number;
  /** How long a dropped session may be resumed. Default 5 minutes. */
  resumeWindowMs?: number;
  /** Dispatches kept per session for Resume. Default 1000. */
  bufferSize?: number;
}
