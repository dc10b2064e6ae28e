/**
 * Names where ids go (`--channel general`, `who:@bob`, `where:#general`): a
 * name picks one of the candidates, exactly (case and all), else ignoring
 * case. No match or more than one is a problem that lists the candidates, so
 * the user can pick one or give its id. Pure: the candidates come from the
 * caller (the emulator's world). The matching itself is `wire/names.ts`'s,
 * which every command's names go through.
 */
import { matchCandidates, nameProblem, type NameCandidate, type NameKind } from '../names.js';

export { describeCandidate, LISTED_CANDIDATES, type NameCandidate, type NameKind } from '../names.js';

export type NameMatch = { id: string } | { problem: string };

/** The candidate `typed` names (its sigil already off); `where` ends the problem's first sentence (e.g. `in guild Test`). */
export function matchName(
  kind: NameKind,
  typed: string,
  candidates: readonly NameCandidate[],
  where: string,
): NameMatch {
  const r = matchCandidates(kind, typed, candidates);
  return r.outcome === 'resolved' ? { id: r.id } : { problem: nameProblem(r, where) };
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
    // @everyone is a role named "@everyone": `@everyone` names it (matchCandidates reads role names without their sigil).
    if (kind === 'role') return matchName('role', name, place.roles, place.where);
    return matchName('channel', name, place.channels, place.where);
  };
}
