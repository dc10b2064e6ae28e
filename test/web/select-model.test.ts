import { describe, expect, it } from 'vitest';
import type { ViewGuild } from '../../src/emulator/view/world-types.js';
import { choiceFull, choiceProblem, picksOne, selectChoices } from '../../src/web/views/select-model.js';

const guild: ViewGuild = {
  id: 'g',
  name: 'Test',
  roles: [
    { id: 'g', name: '@everyone', permissions: '0' },
    { id: 'r1', name: 'Moderator', permissions: '0' },
  ],
  members: [
    { id: 'u1', username: 'ann', roles: [], owner: true },
    { id: 'u2', username: 'bob', roles: ['r1'], owner: false },
  ],
  channels: [
    { id: 'c1', name: 'general', type: 0 },
    { id: 'c2', name: 'voice', type: 2 },
  ],
  apps: [],
};

describe('what a select offers the member (select-model)', () => {
  it('a string select: its options, with descriptions and defaults', () => {
    const fruit = {
      type: 3,
      custom_id: 'f',
      options: [
        { label: 'Apple', value: 'apple', description: 'red', default: true },
        { label: 'Pear', value: 'pear' },
      ],
    };
    expect(selectChoices(fruit, guild)).toEqual([
      { value: 'apple', label: 'Apple', description: 'red', kind: 'option', preselected: true },
      { value: 'pear', label: 'Pear', kind: 'option', preselected: false },
    ]);
  });

  it('entity selects: members, roles without @everyone, channels of the allowed types; default_values preselected', () => {
    expect(
      selectChoices({ type: 5, custom_id: 'u', default_values: [{ id: 'u2', type: 'user' }] }, guild).map((c) => [
        c.value,
        c.preselected,
      ]),
    ).toEqual([
      ['u1', false],
      ['u2', true],
    ]);
    expect(selectChoices({ type: 6, custom_id: 'r' }, guild).map((c) => c.label)).toEqual(['@Moderator']);
    expect(selectChoices({ type: 7, custom_id: 'm' }, guild).map((c) => c.kind)).toEqual(['user', 'user', 'role']);
    expect(selectChoices({ type: 8, custom_id: 'c', channel_types: [2] }, guild).map((c) => c.label)).toEqual([
      '#voice',
    ]);
    expect(selectChoices({ type: 8, custom_id: 'c' }, guild)).toHaveLength(2);
    expect(selectChoices({ type: 5, custom_id: 'u' }, undefined)).toEqual([]);
  });

  it('min/max values: one pick sends at once; a count outside the bounds is named; full at max', () => {
    const one = { type: 3, custom_id: 'f', placeholder: 'Fruit' };
    const many = { ...one, min_values: 2, max_values: 3 };
    expect(picksOne(one)).toBe(true);
    expect(picksOne(many)).toBe(false);
    expect(choiceProblem(many, ['a'])).toBe('"Fruit" takes 2 to 3 values, not 1');
    expect(choiceProblem(many, ['a', 'b'])).toBeUndefined();
    expect(choiceFull(many, ['a', 'b'])).toBe(false);
    expect(choiceFull(many, ['a', 'b', 'c'])).toBe(true);
  });
});
