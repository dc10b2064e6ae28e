/**
 * The role hierarchy (the Permissions page, "Permission Hierarchy"): a member
 * may act on another member (kick, ban, time out, edit) only when its highest
 * role is strictly above the other's, and may give, edit or take away only
 * roles strictly below its own highest. The guild owner is above everyone and
 * can be acted on by no one; ADMINISTRATOR does not lift the hierarchy. A
 * role's position is its own when set, else its place in the guild's list
 * (@everyone, first, is 0). Pure.
 */
import type { Snowflake } from './snowflake.js';

export interface RankedRole {
  id: Snowflake;
  position?: number;
}

/** Each role's position: its own, else its index in the list. */
export function rolePositions(roles: readonly RankedRole[]): Map<Snowflake, number> {
  return new Map(roles.map((r, i) => [r.id, r.position ?? i]));
}

/** The position of the highest of `roleIds` (0, @everyone's, when it has none). */
export function highestPosition(positions: ReadonlyMap<Snowflake, number>, roleIds: readonly Snowflake[]): number {
  let top = 0;
  for (const id of roleIds) top = Math.max(top, positions.get(id) ?? 0);
  return top;
}

/** Who acts and on whom: their ids and the positions of their highest roles. */
export interface Ranked {
  userId: Snowflake;
  top: number;
}

/** Whether `actor` may act on `target` in a guild owned by `ownerId`. */
export function mayActOn(actor: Ranked, target: Ranked, ownerId: Snowflake | undefined): boolean {
  if (target.userId === ownerId) return false;
  if (actor.userId === ownerId) return true;
  return actor.top > target.top;
}

/** Whether `actor` may give, edit or delete a role at `rolePosition`. */
export function mayManageRole(actor: Ranked, rolePosition: number, ownerId: Snowflake | undefined): boolean {
  return actor.userId === ownerId || rolePosition < actor.top;
}
