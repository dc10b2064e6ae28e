import { describe, expect, it } from 'vitest';
import {
  allComponents,
  componentData,
  countRefusal,
  type EntityLookup,
  entityKinds,
  entityValues,
  findComponent,
  stringSelectValues,
  unusable,
} from '../../../src/wire/interactions/component-use.js';
import { fruit, row } from './component-fixtures.js';

const button = (custom_id: string, label?: string) => ({ type: 2, style: 1, custom_id, ...(label ? { label } : {}) });

describe("a message's components, walked in order", () => {
  it('rows, their children, sections and accessories; anything that is not an object is skipped', () => {
    expect(allComponents([])).toEqual([]);
    expect(allComponents(undefined)).toEqual([]);
    const ok = button('ok', 'OK');
    const deep = button('deep');
    const section = { type: 9, components: [], accessory: deep };
    // A list inside a list is not a component, nor are null and strings.
    expect(allComponents([row(ok), null, 'x', [button('nested')], section])).toEqual([row(ok), ok, section, deep]);
  });
});

describe('finding the button or select a member means', () => {
  it('a select by custom_id or by its placeholder, never by a label', () => {
    const comps = [row(fruit), row(button('b', 'Fruit'))];
    expect(findComponent(comps, 'select', 'fruit')).toBe(fruit);
    expect(findComponent(comps, 'select', 'Fruit')).toBe(fruit);
    expect(
      findComponent([row({ ...fruit, label: 'Basket', placeholder: undefined })], 'select', 'Basket'),
    ).toMatchObject({ kind: 'unknown-component' });
  });

  it('two with the same label: ambiguous, naming each by custom_id or url', () => {
    const twins = [row(button('a', 'Go'), { type: 2, style: 5, url: 'https://go.test', label: 'Go' })];
    expect(findComponent(twins, 'button', 'Go')).toEqual({
      kind: 'ambiguous-component',
      message: '2 buttons on the message have the label "Go": name one by its custom_id (a, https://go.test)',
    });
  });

  it('none: names what the message has, with the text the member sees', () => {
    const comps = [
      row(button('ok', 'Yes'), { type: 2, style: 5, url: 'https://docs.test', label: 'Docs' }, { type: 2, style: 1 }),
      row(button('bare')),
    ];
    expect(findComponent(comps, 'button', 'zzz')).toEqual({
      kind: 'unknown-component',
      message: 'no button "zzz" on the message (it has "ok" (Yes), "https://docs.test" (Docs), "?", "bare")',
    });
    expect(findComponent([row(fruit)], 'select', 'veg')).toEqual({
      kind: 'unknown-component',
      message: 'no select "veg" on the message (it has "fruit" (Fruit))',
    });
    expect(findComponent([row(fruit)], 'button', 'x')).toEqual({
      kind: 'unknown-component',
      message: 'no button "x" on the message (it has no button)',
    });
  });
});

describe('what the client refuses to send', () => {
  it('a disabled component, named by what the member sees first', () => {
    const disabled = (c: object) => unusable({ type: 2, style: 1, disabled: true, ...c });
    expect(disabled({ label: 'L', placeholder: 'P', custom_id: 'x' })).toEqual({
      kind: 'disabled',
      message: '"L" is disabled',
    });
    expect(disabled({ label: 'L', custom_id: 'x' })).toEqual({ kind: 'disabled', message: '"L" is disabled' });
    expect(disabled({ placeholder: 'P', custom_id: 'x', url: 'u' })).toEqual({
      kind: 'disabled',
      message: '"P" is disabled',
    });
    expect(disabled({ custom_id: 'x', url: 'u' })).toEqual({ kind: 'disabled', message: '"x" is disabled' });
    expect(disabled({ url: 'u' })).toEqual({ kind: 'disabled', message: '"u" is disabled' });
    expect(disabled({})).toEqual({ kind: 'disabled', message: '"the component" is disabled' });
    expect(unusable({ ...fruit, disabled: false })).toBeUndefined();
  });

  it('link and premium buttons send nothing; only a button has those styles', () => {
    expect(unusable({ type: 2, style: 5, label: 'Docs', url: 'https://docs.test' })).toEqual({
      kind: 'link-button',
      message: '"Docs" is a link button: it opens https://docs.test and sends the application nothing',
    });
    expect(unusable({ type: 2, style: 6, sku_id: '1', custom_id: 'shop' })).toEqual({
      kind: 'premium-button',
      message: '"shop" is a premium button: it opens the store and sends the application nothing',
    });
    // A select carrying a button's style value is still a select.
    expect(unusable({ ...fruit, style: 5 })).toBeUndefined();
    expect(unusable({ ...fruit, style: 6 })).toBeUndefined();
  });
});

describe("a select's values", () => {
  it('the count against min_values and max_values, said as a range or an exact count', () => {
    const pick = { ...fruit, min_values: 2, max_values: 3 };
    expect(countRefusal(pick, 1)).toEqual({ kind: 'value-count', message: '"Fruit" takes 2 to 3 values, not 1' });
    expect(countRefusal(pick, 4)).toEqual({ kind: 'value-count', message: '"Fruit" takes 2 to 3 values, not 4' });
    expect(countRefusal(pick, 2)).toBeUndefined();
    expect(countRefusal(pick, 3)).toBeUndefined();
    expect(countRefusal({ ...fruit, min_values: 2, max_values: 2 }, 1)).toEqual({
      kind: 'value-count',
      message: '"Fruit" takes exactly 2 values, not 1',
    });
    expect(countRefusal({ type: 3, custom_id: 'f' }, 0)).toEqual({
      kind: 'value-count',
      message: '"f" takes exactly 1 value, not 0',
    });
  });

  it('a string select: each chosen option by value or label, or the option list', () => {
    const both = { ...fruit, options: [null, 'x', ...fruit.options], max_values: 2 };
    expect(stringSelectValues(both, ['Apple', 'p'])).toEqual(['a', 'p']);
    expect(stringSelectValues(fruit, ['kiwi'])).toEqual({
      kind: 'unknown-value',
      message: '"kiwi" is not an option of "Fruit" (options: a, p)',
    });
    expect(stringSelectValues({ type: 3, custom_id: 'f' }, ['kiwi'])).toEqual({
      kind: 'unknown-value',
      message: '"kiwi" is not an option of "f" (options: )',
    });
  });

  it('what each entity select offers', () => {
    expect([5, 6, 7, 8].map(entityKinds)).toEqual([['user'], ['role'], ['user', 'role'], ['channel']]);
    expect(entityKinds(3)).toEqual([]);
    expect(entityKinds(2)).toEqual([]);
  });

  const lookup: EntityLookup = {
    isUser: (id) => id === '1',
    isRole: (id) => id === '2',
    channelType: (id) => ({ '3': 0, '4': 2 })[id],
  };

  it('an entity select: each pick exists and is of a kind it offers', () => {
    expect(entityValues({ type: 5, custom_id: 'u', placeholder: 'Who' }, ['3'], lookup)).toEqual({
      kind: 'unknown-value',
      message: '"Who" offers users: there is no user 3 here',
    });
    expect(entityValues({ type: 7, custom_id: 'm', placeholder: 'Who' }, ['9'], lookup)).toEqual({
      kind: 'unknown-value',
      message: '"Who" offers users and roles: there is no user or role 9 here',
    });
    expect(entityValues({ type: 8, custom_id: 'c' }, ['9'], lookup)).toEqual({
      kind: 'unknown-value',
      message: '"c" offers channels: there is no channel 9 here',
    });
    expect(
      entityValues({ type: 8, custom_id: 'c', placeholder: 'Where', channel_types: [0, 5] }, ['4'], lookup),
    ).toEqual({
      kind: 'unknown-value',
      message: 'channel 4 is not of a type "Where" offers (0, 5)',
    });
    expect(entityValues({ type: 8, custom_id: 'c', max_values: 2 }, ['3', '4'], lookup)).toEqual({
      users: [],
      roles: [],
      channels: ['3', '4'],
    });
    expect(entityValues({ type: 6, custom_id: 'r', min_values: 2, max_values: 2 }, ['2'], lookup)).toEqual({
      kind: 'value-count',
      message: '"r" takes exactly 2 values, not 1',
    });
  });
});

describe("a MESSAGE_COMPONENT interaction's data", () => {
  it('the type and custom_id, the numeric id only when there is one, the values as given', () => {
    expect(componentData(button('ok'), undefined, undefined)).toStrictEqual({
      component_type: 2,
      custom_id: 'ok',
      resolved: undefined,
    });
    const resolved = { users: {} };
    expect(componentData({ ...fruit, id: 4 }, ['a', 'p'], resolved)).toStrictEqual({
      component_type: 3,
      custom_id: 'fruit',
      id: 4,
      values: ['a', 'p'],
      resolved,
    });
    expect(componentData({ ...fruit, id: '4' }, [], undefined)).toStrictEqual({
      component_type: 3,
      custom_id: 'fruit',
      values: [],
      resolved: undefined,
    });
  });
});
