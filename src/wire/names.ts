/**
 * Names where ids go, for every command and every way in: `--channel
 * general` (or `#general`), `--guild Test`, `--role @mods`, `--user bob`,
 * `who:@bob` in a command line. A numeric id is always taken as it is; a
 * name picks one of the candidates, exactly (case and all), else ignoring
 * case. The outcome is a typed value: resolved, unknown (with the nearest
 * name, if one is near, and every name known), or ambiguous (the candidates
 * with their ids). Pure: the candidates come from the caller (a manifest,
 * the emulator's world, what the service returned). And one formatter, so
 * output shows a name next to its id the same way everywhere:
 * `@mods (1234…)`, `#general (1234…)`.
 */
import { isSnowflake } from './snowflake.js';
import { closest, editDistance } from './suggest.js';

export type NameKind = 'user' | 'role' | 'channel' | 'guild' | 'application' | 'webhook';

export interface NameCandidate {
  id: string;
  name: string;
  /** Where it is, when candidates span places (e.g. `in guild Test`). */
  note?: string;
}

export type NameResolution =
  | { outcome: 'resolved'; id: string /** The name, when one is known for the id. */; name?: string }
  | {
      outcome: 'unknown';
      kind: NameKind;
      typed: string /** The nearest known name, when one is near enough to be a typo of it. */;
      suggestion?: NameCandidate;
      known: readonly NameCandidate[];
    }
  | { outcome: 'ambiguous'; kind: NameKind; typed: string; candidates: readonly NameCandidate[] };

export type NameUnresolved = Exclude<NameResolution, { outcome: 'resolved' }>;

/** Candidates listed in a problem; the rest are counted. */
export const LISTED_CANDIDATES = 10;

const SIGIL: Partial<Record<NameKind, string>> = { user: '@', role: '@', channel: '#' };

/** `bob` for `@bob`, `general` for `#general`: the sigil a kind is written with, taken off. */
export function withoutSigil(kind: NameKind, text: string): string {
  const sigil = SIGIL[kind];
  return sigil && text.startsWith(sigil) && text.length > 1 ? text.slice(1) : text;
}

/** A name as it is written: `@mods`, `#general`, `Test`; the role `@everyone` keeps its one `@`. */
export function writtenName(kind: NameKind, name: string): string {
  const sigil = SIGIL[kind] ?? '';
  return name.startsWith(sigil) ? name : `${sigil}${name}`;
}

/** The one way output shows a place: `@mods (1234)` when its name is known, else its id alone. */
export function formatNamed(kind: NameKind, id: string, name: string | undefined, note?: string): string {
  if (name === undefined || name === '') return note ? `${id} (${note})` : id;
  return `${writtenName(kind, name)} (${id}${note ? `, ${note}` : ''})`;
}

export function describeCandidate(kind: NameKind, c: NameCandidate): string {
  return formatNamed(kind, c.id, c.name, c.note);
}

/** Which candidate `name` (its sigil already off) names: exactly, else ignoring case. */
export function matchCandidates(kind: NameKind, name: string, candidates: readonly NameCandidate[]): NameResolution {
  // A role is named without its sigil: `@everyone` is the role called "@everyone".
  const bare = (c: NameCandidate) => (kind === 'role' ? withoutSigil('role', c.name) : c.name);
  const exact = candidates.filter((c) => bare(c) === name);
  const found = exact.length > 0 ? exact : candidates.filter((c) => bare(c).toLowerCase() === name.toLowerCase());
  const unique = [...new Map(found.map((c) => [c.id, c])).values()];
  if (unique.length === 1) return { outcome: 'resolved', id: unique[0]!.id, name: unique[0]!.name };
  if (unique.length > 1) return { outcome: 'ambiguous', kind, typed: name, candidates: unique };
  // Nearest names first, so a typo's intended name is at the top of the list.
  const lower = name.toLowerCase();
  const known = [...candidates].sort(
    (a, b) => editDistance(lower, bare(a).toLowerCase()) - editDistance(lower, bare(b).toLowerCase()),
  );
  const near = closest(name, known.map(bare));
  const suggestion = near === undefined ? undefined : known.find((c) => bare(c) === near);
  return { outcome: 'unknown', kind, typed: name, suggestion, known };
}

/**
 * A value given where an id goes: a numeric id as it is (with its name when
 * a candidate has that id), else the name among the candidates. Candidates
 * may be a function, so a caller reads them only when a name needs them.
 */
export function resolveName(
  kind: NameKind,
  value: string,
  candidates: readonly NameCandidate[] | (() => readonly NameCandidate[]),
): NameResolution {
  if (isSnowflake(value)) {
    const name = typeof candidates === 'function' ? undefined : candidates.find((c) => c.id === value)?.name;
    return { outcome: 'resolved', id: value, name };
  }
  return matchCandidates(kind, withoutSigil(kind, value), typeof candidates === 'function' ? candidates() : candidates);
}

function listed(kind: NameKind, items: readonly NameCandidate[]): string {
  const shown = items.slice(0, LISTED_CANDIDATES).map((c) => describeCandidate(kind, c));
  return `${shown.join(', ')}${items.length > LISTED_CANDIDATES ? `, and ${items.length - LISTED_CANDIDATES} more` : ''}`;
}

/** What an unknown or ambiguous name is, in words; `where` ends the first sentence (e.g. `in guild Test (1234)`). */
export function nameProblem(r: NameUnresolved, where: string): string {
  const shown = `${SIGIL[r.kind] ?? ''}${r.typed}`;
  if (r.outcome === 'ambiguous')
    return `${r.kind} name "${shown}" is ambiguous ${where}: ${listed(r.kind, r.candidates)}; give the id`;
  if (r.known.length === 0) return `no ${r.kind} named "${shown}" ${where} (there are none)`;
  const hint = r.suggestion ? `; did you mean ${writtenName(r.kind, r.suggestion.name)}?` : '';
  return `no ${r.kind} named "${shown}" ${where}; ${r.kind}s: ${listed(r.kind, r.known)}${hint}`;
}
