import { type FaultMethod, type FaultRoute, MAX_WITHIN_MS, type TextMatcher } from '../model.js';

/**
 * The small languages inside a test file's values: text matchers, durations
 * and fault routes. Pure: each returns the value or the reason it is not one.
 */

/** `/…/flags` is a regular expression (flags as JavaScript spells them); any other text is matched exactly. */
const REGEX_SOURCE = /^\/(.+)\/([dgimsuvy]*)$/s;

export function textMatcher(written: string): TextMatcher | { problem: string } {
  const m = REGEX_SOURCE.exec(written);
  if (!m) return { exact: written };
  const [, pattern, flags] = m as unknown as [string, string, string];
  try {
    new RegExp(pattern, flags);
  } catch (err) {
    return {
      problem: `${written} is not a valid regular expression: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`,
    };
  }
  return { pattern, flags };
}

/** The regular expression a matcher's source text stands for, when it is one. */
export function regexOf(written: string): RegExp | undefined {
  const m = textMatcher(written);
  return 'pattern' in m ? new RegExp(m.pattern, m.flags) : undefined;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `16m`, `30s`, `1h`, `500ms`, `1h30m`: a duration in milliseconds. */
export function duration(written: string): number | { problem: string } {
  const text = written.trim();
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  const whole = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || whole !== text.replace(/\s+/g, '')) {
    return { problem: `"${written}" is not a duration; write a number and a unit: 500ms, 30s, 16m, 1h, 1d` };
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
  if (ms <= 0) return { problem: `advance must move the clock forward; "${written}" is no time at all` };
  return Math.round(ms);
}

/** `within: 3s`: how long an expectation may take to hold, more than nothing and at most MAX_WITHIN_MS. */
export function withinDuration(written: string): number | { problem: string } {
  const ms = duration(written);
  if (typeof ms !== 'number')
    return { problem: ms.problem.replace('advance must move the clock forward', 'within must be some time') };
  if (ms > MAX_WITHIN_MS)
    return {
      problem: `within: ${written} is longer than ${MAX_WITHIN_MS / 1000}s, the most a step waits; a bot that takes longer should defer, or the test advance the clock`,
    };
  return ms;
}

const METHODS: readonly FaultMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The REST base's prefix, which a route may be written with or without:
 * `/api/v10/channels/*`, `/api/channels/*`, `/v10/channels/*` and
 * `/channels/*` are one route (faults match paths below the versioned base).
 */
const REST_PREFIX = /^(?:\/api)?(?:\/v\d+)?(?=\/)/;

/** `METHOD /path/with/*`: the method upper-cased, the path without the REST base's prefix. */
export function faultRoute(written: string): FaultRoute | { problem: string } {
  const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(written);
  if (!m) return { problem: `route "${written}" must be "METHOD /path", as in "POST /channels/*/messages"` };
  const method = m[1]!.toUpperCase() as FaultMethod;
  const path = m[2]!;
  if (!METHODS.includes(method))
    return { problem: `route "${written}": ${m[1]} is not a method (${METHODS.join(', ')})` };
  if (!path.startsWith('/'))
    return { problem: `route "${written}": the path must start with /, as in "POST /channels/*/messages"` };
  return { method, path: path.replace(REST_PREFIX, '') };
}

/** Where `${NAME}` is written other than `${PORT}`: the one variable the runner fills in. */
export function unknownVariable(written: string): string | undefined {
  return [...written.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!).find((name) => name !== 'PORT');
}
