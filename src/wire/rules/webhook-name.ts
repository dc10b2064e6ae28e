import type { Limits } from '../limits.js';
import { textLength } from '../naming.js';
import { ApiErrors, problem, type Path, type Problem } from '../problem.js';
import { describeValue } from './values.js';

/**
 * Webhook names (facts §5.1): 1..webhook_name_max after the service trims
 * them, never containing a reserved brand word, otherwise the nickname rules.
 * The same checks apply to the execute `username` override, except that the
 * exact names `everyone` / `here` are refused there (observed) while for a
 * webhook's own name they are only username rules the docs list, so they
 * are warnings.
 */

/** Substrings the service refuses anywhere in a name, any case. */
export const RESERVED_NAME_WORDS = ['clyde', 'discord'] as const;
/** Names refused as an execute `username` (exact, any case). */
export const RESERVED_USERNAMES = ['everyone', 'here'] as const;
/** Username-rule substrings the service accepted in webhook names when last observed. */
const SUSPECT_SUBSTRINGS = ['@', '#', ':', '```'] as const;

export const WebhookNameErrors = {
  contains: (word: string) => ({ code: 'USERNAME_INVALID_CONTAINS', message: `Username cannot contain "${word}"` }),
  exact: (word: string) => ({ code: 'USERNAME_INVALID', message: `Username cannot be "${word}"` }),
} as const;

export interface WebhookNameOptions {
  /** `name` (webhook create/edit, manifests) or `username` (execute override). Default `name`. */
  field?: 'name' | 'username';
  /** Where the problems point; default `[]` (the value itself). */
  path?: Path;
  /** Absent is allowed (PATCH bodies, optional override). Default false. */
  optional?: boolean;
}

/**
 * Characters that render as nothing (zero-width space, joiners, word joiner,
 * byte-order mark): the nickname rules limit them (facts §5.1), so a name made
 * only of them, or of them and whitespace, is blank.
 */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * The name as the service stores it: nickname rules drop invisible
 * characters, trim the ends (newlines and tabs are whitespace) and collapse
 * runs of whitespace.
 */
export function normalizeWebhookName(name: string): string {
  return name
    .replace(INVISIBLE, '')
    .trim()
    .replace(/\s{2,}/g, ' ');
}

/** The first reserved word `name` contains, lower-case, if any. */
export function reservedWordIn(name: string): string | undefined {
  const lower = name.toLowerCase();
  return RESERVED_NAME_WORDS.find((w) => lower.includes(w));
}

export function validateWebhookName(name: unknown, limits: Limits, opts: WebhookNameOptions = {}): Problem[] {
  const out: Problem[] = [];
  const path = opts.path ?? [];
  const field = opts.field ?? 'name';
  const label = field === 'name' ? 'Webhook name' : 'Username';
  const max = limits.webhook_name_max;
  if (name === undefined || name === null) {
    if (!opts.optional) out.push(problem('webhook-name-length', path, `${label} is required.`, ApiErrors.required()));
    return out;
  }
  if (typeof name !== 'string') {
    out.push(
      problem('webhook-name-type', path, `${label} must be a string, not ${describeValue(name)}.`, ApiErrors.string()),
    );
    return out;
  }
  const trimmed = normalizeWebhookName(name);
  const len = textLength(trimmed);
  if (len < 1 || len > max) {
    out.push(
      problem(
        'webhook-name-length',
        path,
        `${label} must be 1-${max} characters long (it has ${len} after trimming).`,
        ApiErrors.badLength(1, max),
      ),
    );
  }
  const word = reservedWordIn(trimmed);
  if (word !== undefined) {
    out.push(
      problem(
        'webhook-name-reserved',
        path,
        `${label} ${JSON.stringify(name)} contains "${word}", which the service refuses in any case.`,
        WebhookNameErrors.contains(word),
      ),
    );
  }
  const exact = RESERVED_USERNAMES.find((w) => w === trimmed.toLowerCase());
  if (exact !== undefined) {
    if (field === 'username') {
      out.push(
        problem('webhook-username-reserved', path, `Username cannot be "${exact}".`, WebhookNameErrors.exact(exact)),
      );
    } else {
      out.push({
        rule: 'webhook-name-reserved-exact',
        severity: 'warning',
        path,
        message: `A webhook named "${exact}" is accepted by the service, but messages fail when it is used as the author name; pick another name.`,
      });
    }
  }
  const suspect = SUSPECT_SUBSTRINGS.filter((s) => trimmed.includes(s));
  if (suspect.length > 0) {
    out.push({
      rule: 'webhook-name-characters',
      severity: 'warning',
      path,
      message: `${label} contains ${suspect.map((s) => JSON.stringify(s)).join(', ')}: user-name rules forbid these; the service accepted them for webhooks when last observed, but may not.`,
    });
  }
  if (len > 0 && trimmed !== name) {
    out.push({
      rule: 'webhook-name-whitespace',
      severity: 'warning',
      path,
      message: `The service trims the spaces around ${JSON.stringify(name)} (and collapses repeated spaces), so the stored name will differ.`,
    });
  }
  return out;
}
