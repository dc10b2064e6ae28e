import { describe, expect, it } from 'vitest';
import type { CommandAction, CommandActionKind } from '../../src/plan/model.js';
import { bulkRequests, chooseStrategy, individualRequests } from '../../src/plan/strategy.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';

/** How a scope's actions become requests (src/plan/strategy.ts): found by mutants that survived the suite (docs/mutation.md). */

const action = (kind: CommandActionKind, name: string): CommandAction => ({
  kind,
  address: `global/chat_input/${name}`,
  type: 1,
  name,
  changes: [],
});
/** A request as `METHOD route addresses`, whatever else a planned request carries. */
const shown = (rs: ReadonlyArray<{ method: string; route: string; addresses: readonly string[] }>) =>
  rs.map((r) => `${r.method} ${r.route} ${r.addresses.map((a) => a.split('/').pop()).join(',')}`);

describe('per-command requests', () => {
  it('deletes first (they free slots), then edits, then creates; a replace is a delete and a create; a no-op sends nothing', () => {
    const actions = [
      action('create', 'new'),
      action('update', 'edit'),
      action('noop', 'same'),
      action('replace', 'retyped'),
      action('rename', 'moved'),
      action('delete', 'gone'),
    ];
    expect(shown(individualRequests(GLOBAL, actions))).toEqual([
      'DELETE /applications/{app}/commands/{id} retyped',
      'DELETE /applications/{app}/commands/{id} gone',
      'PATCH /applications/{app}/commands/{id} edit',
      'PATCH /applications/{app}/commands/{id} moved',
      'POST /applications/{app}/commands new',
      'POST /applications/{app}/commands retyped',
    ]);
  });

  it("a guild's requests go to that guild's commands", () => {
    expect(shown(individualRequests(guildScope('42'), [action('delete', 'a'), action('create', 'b')]))).toEqual([
      'DELETE /applications/{app}/guilds/42/commands/{id} a',
      'POST /applications/{app}/guilds/42/commands b',
    ]);
  });
});

describe('a bulk overwrite', () => {
  it('is one PUT naming every command that changes, and nothing when none does', () => {
    expect(
      shown(bulkRequests(guildScope('42'), [action('noop', 'a'), action('update', 'b'), action('delete', 'c')])),
    ).toEqual(['PUT /applications/{app}/guilds/42/commands b,c']);
    expect(bulkRequests(GLOBAL, [action('noop', 'a'), action('noop', 'b')])).toEqual([]);
  });
});

describe('choosing', () => {
  it('auto: the fewest requests; on a tie, per-command requests (one command at stake, not the scope)', () => {
    expect(chooseStrategy(GLOBAL, [action('update', 'a')], 'auto').strategy).toBe('individual');
    expect(chooseStrategy(GLOBAL, [action('update', 'a'), action('noop', 'b')], 'auto').strategy).toBe('individual');
    const two = chooseStrategy(GLOBAL, [action('update', 'a'), action('create', 'b')], 'auto');
    expect(two.strategy).toBe('bulk');
    expect(shown(two.requests)).toEqual(['PUT /applications/{app}/commands a,b']);
    expect(chooseStrategy(GLOBAL, [action('noop', 'a')], 'auto')).toEqual({ strategy: 'individual', requests: [] });
  });

  it('a strategy asked for is used even when it costs more requests', () => {
    const actions = [action('update', 'a'), action('create', 'b')];
    const individual = chooseStrategy(GLOBAL, actions, 'individual');
    expect(individual.strategy).toBe('individual');
    expect(shown(individual.requests)).toHaveLength(2);
    const bulk = chooseStrategy(GLOBAL, [action('update', 'a')], 'bulk');
    expect(bulk.strategy).toBe('bulk');
    expect(shown(bulk.requests)).toEqual(['PUT /applications/{app}/commands a']);
  });
});
