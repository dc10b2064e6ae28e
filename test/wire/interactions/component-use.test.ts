import { describe, expect, it } from 'vitest';
import {
  componentData,
  entityValues,
  findComponent,
  stringSelectValues,
  unusable,
} from '../../../src/wire/interactions/component-use.js';
import {
  modalSubmitData,
  modalValues,
  textInputBounds,
  textInputProblem,
} from '../../../src/wire/interactions/component-modal.js';
import { fruit, row } from './component-fixtures.js';

describe('finding and using a component as the client does', () => {
  it('finds by custom_id first, else by the one label; two with that label are ambiguous', () => {
    const comps = [
      row({ type: 2, style: 1, custom_id: 'ok', label: 'Yes' }, { type: 2, style: 2, custom_id: 'Yes', label: 'No' }),
    ];
    expect(findComponent(comps, 'button', 'Yes')).toMatchObject({ custom_id: 'Yes' });
    expect(findComponent(comps, 'button', 'No')).toMatchObject({ custom_id: 'Yes' });
    const twins = [
      row({ type: 2, style: 1, custom_id: 'a', label: 'Go' }, { type: 2, style: 1, custom_id: 'b', label: 'Go' }),
    ];
    expect(findComponent(twins, 'button', 'Go')).toMatchObject({ kind: 'ambiguous-component' });
    // A select is not a button, and components inside a v2 container and a section accessory are found.
    expect(findComponent([row(fruit)], 'button', 'fruit')).toMatchObject({ kind: 'unknown-component' });
    const v2 = [
      {
        type: 17,
        components: [{ type: 9, components: [], accessory: { type: 2, style: 1, custom_id: 'deep', label: 'Deep' } }],
      },
    ];
    expect(findComponent(v2, 'button', 'Deep')).toMatchObject({ custom_id: 'deep' });
  });

  it('refuses disabled components, link and premium buttons', () => {
    expect(unusable({ type: 2, style: 1, custom_id: 'x', disabled: true })).toMatchObject({ kind: 'disabled' });
    expect(unusable({ type: 2, style: 5, url: 'https://x.test' })).toMatchObject({ kind: 'link-button' });
    expect(unusable({ type: 2, style: 6, sku_id: '1' })).toMatchObject({ kind: 'premium-button' });
    expect(unusable({ type: 2, style: 1, custom_id: 'x' })).toBeUndefined();
  });

  it('string select values by value or label, within min/max (default 1..1)', () => {
    expect(stringSelectValues(fruit, ['Pear'])).toEqual(['p']);
    expect(stringSelectValues(fruit, ['a', 'p'])).toMatchObject({
      kind: 'value-count',
      message: '"Fruit" takes exactly 1 value, not 2',
    });
    expect(stringSelectValues({ ...fruit, min_values: 0, max_values: 2 }, [])).toEqual([]);
    expect(stringSelectValues(fruit, ['kiwi'])).toMatchObject({ kind: 'unknown-value' });
  });

  it('entity selects: users and roles for a mentionable, channel types offered', () => {
    const lookup = {
      isUser: (id: string) => id === '1',
      isRole: (id: string) => id === '2',
      channelType: (id: string) => (id === '3' ? 0 : id === '4' ? 2 : undefined),
    };
    expect(entityValues({ type: 7, custom_id: 'm', max_values: 2 }, ['1', '2'], lookup)).toEqual({
      users: ['1'],
      roles: ['2'],
      channels: [],
    });
    expect(entityValues({ type: 5, custom_id: 'u' }, ['2'], lookup)).toMatchObject({ kind: 'unknown-value' });
    expect(entityValues({ type: 8, custom_id: 'c', channel_types: [0] }, ['4'], lookup)).toMatchObject({
      kind: 'unknown-value',
    });
    expect(entityValues({ type: 8, custom_id: 'c', channel_types: [0] }, ['3'], lookup)).toEqual({
      users: [],
      roles: [],
      channels: ['3'],
    });
  });

  it('component data: values only for selects, the numeric id when the component has one', () => {
    expect(componentData({ type: 2, custom_id: 'ok', id: 3 }, undefined, undefined)).toEqual({
      component_type: 2,
      custom_id: 'ok',
      id: 3,
    });
    expect(componentData(fruit, [], undefined)).toEqual({ component_type: 3, custom_id: 'fruit', values: [] });
  });
});

describe('a modal submitted as the client does', () => {
  const modal = {
    custom_id: 'm',
    title: 'Form',
    components: [
      { type: 18, id: 1, label: 'Name', component: { type: 4, id: 2, custom_id: 'name', style: 1, max_length: 5 } },
      { type: 10, id: 3, content: 'Read this' },
      row({ type: 4, custom_id: 'bio', label: 'Bio', style: 2, required: false }),
    ],
  };

  it('fills by custom_id or label, mirrors the top level (Label, Text Display, legacy row)', () => {
    const values = modalValues(modal, { Name: 'Ann', bio: 'line 1\nline 2' });
    expect(values).toBeInstanceOf(Map);
    expect(modalSubmitData(modal, values as Map<string, string>)).toEqual({
      custom_id: 'm',
      components: [
        { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'name', value: 'Ann' } },
        { type: 10, id: 3 },
        { type: 1, components: [{ type: 4, custom_id: 'bio', value: 'line 1\nline 2' }] },
      ],
    });
  });

  it('refuses what the client would: a missing required field, too long, a line break in a short input, an unknown field', () => {
    expect(modalValues(modal, {})).toMatchObject({ kind: 'modal-field', message: '"Name" is required' });
    expect(modalValues(modal, { name: 'Annabel' })).toMatchObject({
      message: '"Name" takes at most 5 characters (got 7)',
    });
    expect(modalValues(modal, { name: 'a\nb' })).toMatchObject({ message: '"Name" is a single line (short style)' });
    expect(modalValues(modal, { age: '3' })).toMatchObject({ kind: 'modal-field' });
  });
});

describe('one text input as the client checks it (textInputProblem, shared by the web view dialog)', () => {
  const short = { type: 4, custom_id: 'name', style: 1, min_length: 2, max_length: 5 };
  it('required unless required: false; lengths; one line in a short input', () => {
    expect(textInputProblem(short, '')).toBe('is required');
    expect(textInputProblem({ ...short, required: false }, '')).toBeUndefined();
    expect(textInputProblem(short, 'a')).toBe('needs at least 2 characters (got 1)');
    expect(textInputProblem(short, 'abcdef')).toBe('takes at most 5 characters (got 6)');
    expect(textInputProblem(short, 'a\nb')).toBe('is a single line (short style)');
    expect(textInputProblem({ ...short, style: 2 }, 'a\nb')).toBeUndefined();
    expect(textInputProblem(short, 'abc')).toBeUndefined();
  });
  it('bounds default to the service maximum and required', () => {
    expect(textInputBounds({ type: 4, custom_id: 'x' })).toEqual({ required: true, min: 0, max: 4000 });
    expect(textInputBounds(short)).toEqual({ required: true, min: 2, max: 5 });
  });
});
