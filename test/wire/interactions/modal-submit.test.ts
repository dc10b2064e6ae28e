import { describe, expect, it } from 'vitest';
import {
  modalFields,
  modalSubmitData,
  modalValues,
  textInputProblem,
} from '../../../src/wire/interactions/component-modal.js';

const row = (...components: unknown[]) => ({ type: 1, components });
const text = (custom_id: string, more: object = {}) => ({ type: 4, custom_id, style: 1, ...more });
const pick = { type: 3, custom_id: 'colour', options: [{ label: 'Red', value: 'r' }] };

describe("a modal's fields", () => {
  it('Labels wrapping a child and legacy rows of inputs, in order; nothing else is a field', () => {
    const name = text('name');
    const bio = text('bio', { label: 'Bio' });
    const plain = text('plain');
    const odd = text('odd', { label: 7 });
    const fields = modalFields({
      components: [
        null,
        [name],
        { type: 18, label: 'Name', component: name },
        // A Label that wraps nothing, or a list, has no field.
        { type: 18, label: 'Empty' },
        { type: 18, label: 'Listed', component: [name] },
        { type: 18, label: 3, component: pick },
        // Only action rows hold legacy inputs, and only a Label wraps one.
        { type: 17, components: [plain] },
        { type: 10, content: 'Read this', component: plain },
        { type: 1 },
        row(null, [bio], bio, plain, odd),
      ],
    });
    expect(fields).toStrictEqual([
      { input: name, label: 'Name' },
      { input: pick, label: undefined },
      { input: bio, label: 'Bio' },
      { input: plain, label: undefined },
      { input: odd, label: undefined },
    ]);
    expect(modalFields({ components: 'x' })).toEqual([]);
    expect(modalFields({})).toEqual([]);
  });
});

describe('the values a modal is submitted with', () => {
  const modal = {
    custom_id: 'm',
    title: 'Form',
    components: [
      { type: 18, label: 'Name', component: text('name') },
      row(text('bio', { label: 'Bio', style: 2, required: false })),
      row(text('ref', { required: false, value: 'preset' })),
    ],
  };

  it('what was typed, else the pre-filled value, else empty', () => {
    expect([...(modalValues(modal, { Name: 'Ann' }) as Map<string, string>)]).toEqual([
      ['name', 'Ann'],
      ['bio', ''],
      ['ref', 'preset'],
    ]);
    expect([...(modalValues(modal, { name: 'Ann', ref: 'mine' }) as Map<string, string>)]).toEqual([
      ['name', 'Ann'],
      ['ref', 'mine'],
      ['bio', ''],
    ]);
    // A pre-filled value that is not text is no value.
    const odd = { ...modal, components: [row(text('n', { value: 5 }))] };
    expect(modalValues(odd, {})).toEqual({ kind: 'modal-field', message: '"n" is required' });
  });

  it('an unknown field is refused, listing the fields by label or custom_id', () => {
    expect(modalValues(modal, { age: '3' })).toEqual({
      kind: 'modal-field',
      message: 'the form "Form" has no field "age" (fields: Name, Bio, ref)',
    });
  });

  it('the emulator fills only text inputs: a select named is refused, a required one too, an optional one is left out', () => {
    const withSelect = (required?: boolean) => ({
      ...modal,
      components: [
        { type: 18, label: 'Colour', component: { ...pick, ...(required === undefined ? {} : { required }) } },
        row(text('name')),
      ],
    });
    expect(modalValues(withSelect(false), { Colour: 'Red' })).toEqual({
      kind: 'modal-field',
      message: '"Colour" is not a text input: the emulator fills only text inputs',
    });
    expect(modalValues(withSelect(), { name: 'Ann' })).toEqual({
      kind: 'modal-field',
      message: '"Colour" is required and is not a text input: the emulator fills only text inputs',
    });
    expect(modalValues(withSelect(true), { name: 'Ann' })).toMatchObject({ kind: 'modal-field' });
    expect([...(modalValues(withSelect(false), { name: 'Ann' }) as Map<string, string>)]).toEqual([['name', 'Ann']]);
  });

  it('lengths are inclusive bounds', () => {
    const input = text('n', { min_length: 2, max_length: 4 });
    expect(textInputProblem(input, 'ab')).toBeUndefined();
    expect(textInputProblem(input, 'abcd')).toBeUndefined();
    expect(textInputProblem(input, 'a')).toBe('needs at least 2 characters (got 1)');
    expect(textInputProblem(input, 'abcde')).toBe('takes at most 4 characters (got 5)');
  });
});

describe("the MODAL_SUBMIT interaction's data", () => {
  it("mirrors the top level: a Label's child, a row's children, anything else as its type and id", () => {
    const modal = {
      custom_id: 'm',
      components: [
        null,
        [text('lost')],
        { type: 18, id: 1, label: 'Name', component: text('name', { id: 2 }) },
        { type: 18, label: 'Colour', component: pick },
        { type: 18, id: 3, label: 'Empty' },
        { type: 10, id: 4, content: 'Read this', component: text('shown') },
        row(null, text('bio', { id: '5' }), text('unset')),
        { type: 1, id: 6 },
      ],
    };
    expect(
      modalSubmitData(
        modal,
        new Map([
          ['name', 'Ann'],
          ['bio', 'Hi'],
        ]),
      ),
    ).toStrictEqual({
      custom_id: 'm',
      components: [
        { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'name', value: 'Ann' } },
        { type: 18, component: { type: 3, custom_id: 'colour', values: [] } },
        { type: 18, id: 3 },
        { type: 10, id: 4 },
        {
          type: 1,
          components: [
            { type: 4, custom_id: 'bio', value: 'Hi' },
            { type: 4, custom_id: 'unset', value: '' },
          ],
        },
        { type: 1, id: 6, components: [] },
      ],
    });
    expect(modalSubmitData({ custom_id: 'x', components: 'none' }, new Map())).toStrictEqual({
      custom_id: 'x',
      components: [],
    });
  });
});
