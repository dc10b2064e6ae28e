/** The options of `webhook send`, apart from send.ts so compat.ts can take them without the two importing each other. */
import type { ExecuteFlagsInput } from './send-body.js';

export type CompatFormat = 'chat-compat' | 'repo-compat';

export interface SendOptions extends ExecuteFlagsInput {
  url?: string;
  /** `--file PATH`, repeatable: sent as multipart with `payload_json`. */
  files: string[];
  /** `--thread ID`: post into that thread (or forum post) of the webhook's channel. */
  thread?: string;
  wait: boolean;
  withComponents: boolean;
  format?: CompatFormat;
  /** `--body FILE` for `--format`. */
  body?: string;
  /** `--event NAME` for `--format repo-compat`. */
  event?: string;
  json: boolean;
  debug: boolean;
}
