/**
 * What the request pipeline (pipeline.ts) shares: the server's parts, made
 * once (`PipelineEnv`), and one API request's state as the steps learn it
 * (`Exchange`: one object per request, no closures).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestNote } from '../gateway/events.js';
import type { EmulatorResponse } from './http-types.js';
import type { Router } from './router.js';
import type { ServerOptions } from './server-options.js';
import type { HandlerLock } from './steps/handler-lock.js';
import { NO_HEADERS, noteRequest, send } from './steps/answer.js';

export interface PipelineEnv {
  options: ServerOptions;
  router: Router;
  lock: HandlerLock;
}

export class Exchange {
  /** The matched route's pattern, once routed: what the event log names. */
  routePattern = '(no route)';
  /** The rate-limit bucket, once counted. */
  bucket: string | undefined = undefined;
  /** The rate-limit headers every answer after the count carries. */
  limitHeaders: Readonly<Record<string, string>> = NO_HEADERS;

  constructor(
    readonly env: PipelineEnv,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    /** Relative to the API prefix (`/applications/…`). */
    readonly path: string,
    readonly query: URLSearchParams,
  ) {}

  /** Answers the request and notes it for observers. */
  reply(response: EmulatorResponse, refusedBy?: RequestNote['refusedBy']): void {
    send(this.res, response, this.limitHeaders);
    noteRequest(this.env.options.events, this.method, this.routePattern, response, this.bucket, refusedBy);
  }

  /** Notes a request a fault ended without an answer the pipeline wrote (`status` 0: dropped). */
  noteFault(status: number): void {
    this.env.options.events.note({
      kind: 'request',
      method: this.method,
      route: this.routePattern,
      status,
      refusedBy: 'fault',
    });
  }
}
