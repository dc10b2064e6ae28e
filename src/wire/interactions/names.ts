/**
 * Names where ids go (`--channel general`, `who:@bob`, `where:#general`): a
 * name picks one of the candidates, exactly (case and all), else ignoring
 * case. No match or more than one is a problem that lists the candidates, so
 * the user can pick one or give its id. Pure: the candidates come from the
 * caller (the emulator's world).
 */
import { editDistance } from '../suggest.js';

export interface NameCandidate {
  id: string;
  name: string;
  /** Where it is, when candidates span places (e.g. `in guild Test`). */
  note?: string;
}

export type NameKind = 'user' | 'role' | 'channel' | 'guild' | 'application';

export type NameMatch = { id: string } | { problem: string };

/** Candidates listed in a problem; the rest are counted. */
export const LISTED_CANDIDATES = 10;

const SIGIL: Partial<Record<NameKind, string>> = { user: '@', role: '@', channel: '#' };

export function describeCandidate(kind: NameKind, c: NameCandidate): string {
  return `${SIGIL[kind] ?? ''}${c.name} (${c.id}${c.note ? `, ${c.note}` : ''})`;
}

function listed(kind: NameKind, items: readonly NameCandidate[]): string {
  const shown = items.slice(0, LISTED_CANDIDATES).map((c) => describeCandidate(kind, c));
  return `${shown.join(', ')}${items.length > LISTED_CANDIDATES ? `, and ${items.length - LISTED_CANDIDATES} more` : ''}`;
}

/** The candidate `typed` names; `where` ends the problem's first sentence (e.g. `in guild Test`). */
export function matchName(kind: NameKind, typed: string, candidates: readonly NameCandidate[], where: string): NameMatch {
  const exact = candidates.filter((c) => c.name === typed);
  const found = exact.length > 0 ? exact : candidates.filter((c) => c.name.toLowerCase() === typed.toLowerCase());
  const unique = [...new Map(found.map((c) => [c.id, c])).values()];
  if (unique.length === 1) return { id: unique[0]!.id };
  const shown = `${SIGIL[kind] ?? ''}${typed}`;
  if (unique.length > 1) return { problem: `${kind} name "${shown}" is ambiguous ${where}: ${listed(kind, unique)}; give the id` };
  if (candidates.length === 0) return { problem: `no ${kind} named "${shown}" ${where} (there are none)` };
  // Nearest names first, so a typo's intended name is at the top of the list.
  const near = [...candidates].sort((a, b) => editDistance(typed.toLowerCase(), a.name.toLowerCase()) - editDistance(typed.toLowerCase(), b.name.toLowerCase()));
  return { problem: `no ${kind} named "${shown}" ${where}; ${kind}s: ${listed(kind, near)}` };
}

/** What a place holds that option values may name: its members (or a DM's people), roles and channels. */
export interface NamedPlace {
  users: readonly NameCandidate[];
  roles: readonly NameCandidate[];
  channels: readonly NameCandidate[];
  /** How the problems say where, e.g. `in this server`. */
  where: string;
}

/** `MentionLookup.named` over a place (options.ts): `@name` and `#name` in option values. */
export function nameLookup(place: NamedPlace): (kind: 'user' | 'role' | 'channel', name: string) => NameMatch {
  return (kind, name) => {
    if (kind === 'user') return matchName('user', name, place.users, place.where);
    // @everyone is a role named "@everyone": `@everyone` names it.
    if (kind === 'role')
      return matchName(
        'role',
        name,
        place.roles.map((r) => ({ ...r, name: r.name.replace(/^@/, '') })),
        place.where,
      );
    return matchName('channel', name, place.channels, place.where);
  };
}
