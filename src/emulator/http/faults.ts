import type { Obj } from '../../wire/rules/values.js';
/**
 * Fault injection for reliability tests: 5xx answers, 429s, slow answers and
 * dropped connections, chosen by probability or by schedule ("the 3rd POST to
 * this route"). Configured at start or at runtime through /__emulator/faults.
 */

export type FaultKind = 'error' | 'rate-limit' | 'slow' | 'drop' | 'drop-after';

export interface FaultRule {
  /** HTTP method to match; any when absent. */
  method?: string;
  /**
   * Path to match, relative to /api/v10, `*` matching within and across
   * segments. Matched against the request path and the route pattern (so
   * `/applications/:applicationId/commands` works too). Any when absent.
   */
  path?: string;
  /**
   * `error`: answer `status` (default 500) without running the request;
   * `rate-limit`: a 429 with `retryAfter` seconds (default 1);
   * `slow`: wait `delayMs` (default 1000) then answer normally;
   * `drop`: destroy the connection without running the request;
   * `drop-after`: run the request (and persist it), then destroy the connection instead of answering.
   */
  kind: FaultKind;
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  /** Chance per matching request, 0..1. */
  probability?: number;
  /** 1-based positions among matching requests that fault (e.g. 3 = the 3rd). */
  nth?: number | number[];
  /** Every n-th matching request faults. */
  every?: number;
  /** At most this many injections from this rule. */
  times?: number;
}

/** What the server must do for one request. */
export interface FaultAction {
  kind: FaultKind;
  status: number;
  retryAfter: number;
  delayMs: number;
}

interface Active {
  rule: FaultRule;
  matched: number;
  injected: number;
  pathRe?: RegExp;
}

const KINDS: readonly FaultKind[] = ['error', 'rate-limit', 'slow', 'drop', 'drop-after'];

/** A rule that cannot be used; the message says which field. */
export class FaultRuleError extends Error {}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export function checkFaultRule(value: unknown, where: string): FaultRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FaultRuleError(`${where} must be an object`);
  const r = value as Obj;
  if (!KINDS.includes(r.kind as FaultKind))
    throw new FaultRuleError(`${where}.kind must be one of ${KINDS.join(', ')}`);
  const num = (key: string, min: number, max = Infinity) => {
    const v = r[key];
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      throw new FaultRuleError(`${where}.${key} must be a number from ${min} to ${max}`);
  };
  num('probability', 0, 1);
  num('every', 1);
  num('times', 0);
  num('delayMs', 0, 600_000);
  num('retryAfter', 0);
  num('status', 400, 599);
  if (r.method !== undefined && typeof r.method !== 'string')
    throw new FaultRuleError(`${where}.method must be a string`);
  if (r.path !== undefined && typeof r.path !== 'string') throw new FaultRuleError(`${where}.path must be a string`);
  if (r.nth !== undefined) {
    const list = Array.isArray(r.nth) ? r.nth : [r.nth];
    if (!list.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1))
      throw new FaultRuleError(`${where}.nth must be a positive integer or a list of them`);
  }
  // Each field was checked above, one by one.
  return r as unknown as FaultRule;
}

function activate(rule: FaultRule, where: string): Active {
  checkFaultRule(rule, where);
  const a: Active = { rule: { ...rule }, matched: 0, injected: 0 };
  if (rule.path !== undefined) a.pathRe = globToRegExp(rule.path);
  return a;
}

export class FaultController {
  private active: Active[] = [];

  constructor(
    rules: readonly FaultRule[] = [],
    private readonly random: () => number = Math.random,
  ) {
    this.set(rules);
  }

  /** Replaces every rule (counters restart). */
  set(rules: readonly FaultRule[]): void {
    this.active = rules.map((rule, i) => activate(rule, `faults[${i}]`));
  }

  /** Appends one rule; the others keep their counters. */
  add(rule: FaultRule): void {
    this.active.push(activate(rule, `faults[${this.active.length}]`));
  }

  clear(): void {
    this.active = [];
  }

  /** The rules with how many requests each matched and faulted, for the control endpoint. */
  list(): Array<FaultRule & { matched: number; injected: number }> {
    return this.active.map((a) => ({ ...a.rule, matched: a.matched, injected: a.injected }));
  }

  /** The first rule that fires for this request, if any. Every matching rule counts the request. */
  decide(method: string, path: string, pattern: string | undefined): FaultAction | undefined {
    let chosen: FaultAction | undefined;
    for (const a of this.active) {
      const r = a.rule;
      if (r.method && r.method.toUpperCase() !== method) continue;
      if (a.pathRe && !a.pathRe.test(path) && !(pattern !== undefined && a.pathRe.test(pattern))) continue;
      a.matched++;
      if (chosen) continue;
      if (r.times !== undefined && a.injected >= r.times) continue;
      const nth = r.nth === undefined ? undefined : Array.isArray(r.nth) ? r.nth : [r.nth];
      const scheduled = nth !== undefined || r.every !== undefined;
      let fire = scheduled
        ? (nth?.includes(a.matched) ?? false) || (r.every !== undefined && a.matched % r.every === 0)
        : true;
      if (fire && r.probability !== undefined) fire = this.random() < r.probability;
      if (!fire) continue;
      a.injected++;
      chosen = { kind: r.kind, status: r.status ?? 500, retryAfter: r.retryAfter ?? 1, delayMs: r.delayMs ?? 1000 };
    }
    return chosen;
  }
}
