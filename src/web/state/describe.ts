/**
 * What the State view says about each thing it lists, as plain strings: an
 * event-log entry (kind, one line, why a request was refused), a fault rule
 * (what it does, what it matches, how often it fired), a rate-limit window,
 * a session's intents. Pure, so the wording is tested without a browser.
 */
import type { ActivityEntry } from '../../emulator/view/activity-types.js';
import type { ViewState } from '../../emulator/view/state-types.js';
import type { ViewWorld } from '../../emulator/view/world-types.js';
import { Intent } from '../../wire/gateway.js';
import { deliveryLine, deliverySucceeded } from '../../wire/interactions/delivery.js';

export type EntryKind = ActivityEntry['kind'];
export const ENTRY_KINDS: readonly EntryKind[] = ['request', 'dispatch', 'delivery', 'message'];

type Refusal = 'rate-limit' | 'fault' | 'auth' | 'not-emulated';

export interface EntryLine {
  kind: EntryKind;
  /** The line itself (`POST /applications/:applicationId/commands → 429`). */
  text: string;
  /** Secondary detail (an error code, the bucket, who invoked). */
  detail?: string;
  /** Requests the emulator refused before the handler ran, and by what. */
  refusedBy?: Refusal;
  /** Answered with an error (4xx, 5xx, or a dropped connection). */
  failed: boolean;
}

export const REFUSAL_TEXT: Record<Refusal, string> = {
  'rate-limit': 'refused by a rate limit',
  fault: 'refused by an injected fault',
  auth: 'refused: not authorized',
  'not-emulated': 'not emulated',
};

function channelName(world: ViewWorld | undefined, id: string): string {
  for (const g of world?.guilds ?? []) {
    const c = g.channels.find((ch) => ch.id === id);
    if (c) return `#${c.name}`;
  }
  return `channel ${id}`;
}

function appName(world: ViewWorld | undefined, id: string): string {
  return world?.applications.find((a) => a.id === id)?.name ?? `application ${id}`;
}

export function describeEntry(e: ActivityEntry, world?: ViewWorld): EntryLine {
  switch (e.kind) {
    case 'request': {
      // Status 0: the connection was dropped instead of answered.
      const status = e.status === 0 ? 'dropped' : String(e.status);
      const detail = [
        e.code !== undefined ? `code ${e.code}` : undefined,
        e.bucket ? `bucket ${e.bucket.slice(0, 8)}` : undefined,
      ]
        .filter(Boolean)
        .join(' · ');
      return {
        kind: 'request',
        text: `${e.method} ${e.route} → ${status}`,
        ...(detail ? { detail } : {}),
        refusedBy: e.refusedBy,
        failed: e.status === 0 || e.status >= 400,
      };
    }
    case 'dispatch':
      return {
        kind: 'dispatch',
        text: e.summary ? `${e.name} ${e.summary}` : e.name,
        detail: `to ${appName(world, e.applicationId)}`,
        failed: false,
      };
    case 'delivery': {
      const what = e.commandName ? `/${e.commandName}` : 'interaction';
      return {
        kind: 'delivery',
        text: `${what} over ${e.transport}: ${deliveryLine(e.outcome)}`,
        detail: `to ${appName(world, e.applicationId)}`,
        failed: !deliverySucceeded(e.outcome),
      };
    }
    case 'message': {
      // A form's or a component's answer names no command of its own: its custom_id is no slash command.
      const answered =
        e.interaction?.command !== undefined ? `answer to /${e.interaction.command}` : 'answer to a component or form';
      const by = e.source === 'interaction' && e.interaction ? answered : e.source;
      return {
        kind: 'message',
        text: `${e.action} in ${channelName(world, e.channelId)}`,
        detail: `${by} · message ${e.messageId}`,
        failed: false,
      };
    }
  }
}

type Fault = ViewState['faults'][number];

/** What a fault rule does: `error 503`, `slow 1000 ms`, `rate-limit retry 1 s`. */
export function faultAction(f: Fault): string {
  switch (f.kind) {
    case 'error':
      return `error ${f.status ?? 500}`;
    case 'rate-limit':
      return `429, retry after ${f.retryAfter ?? 1} s`;
    case 'slow':
      return `slow, ${f.delayMs ?? 1000} ms`;
    case 'drop':
      return 'drop the connection';
    case 'drop-after':
      return 'run, then drop the connection';
  }
}

/** What a fault rule matches, and when it fires. */
export function faultMatch(f: Fault): string {
  const target = `${f.method ?? 'any method'} ${f.path ?? 'any path'}`;
  const when = [
    f.nth !== undefined ? `request no. ${Array.isArray(f.nth) ? f.nth.join(', ') : f.nth}` : undefined,
    f.every !== undefined ? `every ${f.every}` : undefined,
    f.probability !== undefined ? `${Math.round(f.probability * 100)}% chance` : undefined,
    f.times !== undefined ? `at most ${f.times}×` : undefined,
  ].filter(Boolean);
  return when.length > 0 ? `${target} (${when.join(', ')})` : target;
}

export function faultCounter(f: Fault): string {
  return `${f.injected} injected / ${f.matched} matched`;
}

/** A countdown in seconds with one decimal, `0.0 s` once over. */
export function countdown(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

/** Who a daily-allowance scope is: the guild's name, or `global`. */
export function scopeName(scope: string, world?: ViewWorld): string {
  if (scope === 'global') return 'global';
  return world?.guilds.find((g) => g.id === scope)?.name ?? `guild ${scope}`;
}

export { appName as applicationName };

/** The time of an entry as the log shows it (local, to the millisecond). */
export function clock(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** A session's intents by name (`GUILDS, GUILD_WEBHOOKS`), from the spec's table. */
export function intentNames(bits: number): string {
  const names = Object.entries(Intent)
    .filter(([, bit]) => (bits & bit) === bit)
    .map(([name]) => name);
  return names.length > 0 ? names.join(', ') : 'none';
}
