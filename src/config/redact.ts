import { Writable } from 'node:stream';
import { secretValues } from './secrets.js';
import type { Obj } from '../wire/rules/values.js';

/** What every secret is replaced with. */
export const REDACTED = '[REDACTED]';

/** Secrets shorter than this are not registered: replacing "ab" everywhere would garble text, not protect anything. */
const MIN_SECRET_LENGTH = 4;

/** The token segment of `/webhooks/{id}/{token}`: the path itself is a credential. */
const WEBHOOK_TOKEN_IN_PATH = /(\/webhooks\/\d+\/)([^/?#\s"'<>]+)/g;

/**
 * `Bot x`, `Bearer x`, `Basic x` wherever an Authorization value leaks into
 * text. A backstop for secrets nobody registered: requires a long value with
 * a digit so prose ("Bearer token required") is left alone.
 */
const AUTH_VALUE = /\b(Bot|Bearer|Basic) (?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{20,}/g;

/**
 * Replaces known secrets with `[REDACTED]`. The client registers every token
 * it holds or derives (bot, bearers, client secret, Basic value, webhook
 * tokens) and passes every error message, URL and debug line through
 * `redact`, so a secret cannot reach output even when the service echoes it.
 */
export class Redactor {
  readonly #secrets = new Set<string>();
  /** Longest first, so a secret containing another is replaced whole. */
  #ordered: string[] = [];

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** Registers a secret (and its URL-encoded form). Ignores empty and very short values. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) return;
    const before = this.#secrets.size;
    this.#secrets.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) this.#secrets.add(encoded);
    if (this.#secrets.size !== before) this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#ordered) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return redactPatterns(out);
  }

  /** A deep copy of a JSON value with every string redacted (error bodies, debug payloads). */
  redactValue<T>(value: T): T {
    return redactDeep(value, (s) => this.redact(s)) as T;
  }
}

/** Pattern-based redaction needing no registered secret: webhook tokens in paths, Authorization values. */
export function redactPatterns(text: string): string {
  return text
    .replace(WEBHOOK_TOKEN_IN_PATH, (_m, prefix: string, token: string) =>
      token === REDACTED ? `${prefix}${token}` : `${prefix}${REDACTED}`,
    )
    .replace(AUTH_VALUE, (_m, scheme: string) => `${scheme} ${REDACTED}`);
}

/** `Bot [REDACTED]`: how the Authorization header appears in debug output. */
export function maskAuthorization(value: string | undefined): string {
  if (value === undefined) return 'none';
  const scheme = /^(\w+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

function redactDeep(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (value !== null && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = redactDeep(v, redact);
    return out;
  }
  return value;
}

/** A redactor for every secret-named variable of `env` (`secrets.ts`): what the CLI and the Action publish under GitHub Actions goes through it. */
export function secretsRedactor(env: Readonly<Record<string, string | undefined>>): Redactor {
  return new Redactor(secretValues(env));
}

/**
 * A stream that passes on what it is given with every secret replaced; whole
 * writes are redacted (cmdsync writes whole lines). Each write reaches the
 * target at once, not after the target's callback: otherwise writes queue
 * here and lines come out of order with what is written to the target
 * directly (an error printed after the run).
 */
export function redactingStream(target: NodeJS.WritableStream, redactor: Redactor): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      target.write(redactor.redact(chunk.toString()));
      done();
    },
  });
}
