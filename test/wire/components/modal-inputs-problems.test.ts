/**
 * The whole Problem of each rule of the newer modal inputs inside a Label (facts components §1.6):
 * File Upload, Radio Group, Checkbox Group and Checkbox.
 */
import { describe, expect, it } from 'vitest';
import { checkModalData } from '../../../src/wire/components/index.js';
import type { Problem } from '../../../src/wire/problem.js';
import { API, e, err } from './problem-of.js';

const inLabel = (component: object) => ({
  custom_id: 'm',
  title: 'T',
  components: [{ type: 18, label: 'L', component }],
});
const C = 'components.0.component';
const check = (component: object) => checkModalData(inLabel(component));
const option = (value: string, extra: object = {}) => ({ label: value.toUpperCase(), value, ...extra });
const NO_CUSTOM_ID = e('component-text', `${C}.custom_id`, 'custom_id is required.', API.required);
const DISABLED = e(
  'component-disabled',
  `${C}.disabled`,
  'A component in a modal cannot be disabled.',
  API.disabledInModal,
);
const tooManyDefaults = (n: number, max: number): Problem =>
  err(
    'component-option',
    `${C}.options`,
    `${n} options are marked default but at most ${max} may be chosen.`,
    'SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES',
    'Select has more default options than max_values',
  );

describe('a file upload', () => {
  const upload = (extra: object = {}) => ({ type: 19, custom_id: 'f', ...extra });
  const badType = (i: number, shown: string) =>
    e(
      'modal-file-upload',
      `${C}.file_types.${i}`,
      `A file type is image, video, audio or .ext, not ${shown}.`,
      API.string,
    );
  it.each<[string, object, Problem[]]>([
    ['no custom_id', { type: 19 }, [NO_CUSTOM_ID]],
    [
      'file_types as one string',
      upload({ file_types: 'image' }),
      [e('component-count', `${C}.file_types`, 'file_types must be a list, not the string "image".', API.array)],
    ],
    [
      'eleven file_types',
      upload({ file_types: Array.from({ length: 11 }, (_, i) => `.x${i}`) }),
      [e('component-count', `${C}.file_types`, 'file_types must hold 0-10 entries (it holds 11).', API.maxLength(10))],
    ],
    [
      'an empty and a numeric file type',
      upload({ file_types: ['image', '', 3, null] }),
      [badType(1, 'the string ""'), badType(2, 'number 3'), badType(3, 'null')],
    ],
    ['disabled', upload({ disabled: true }), [DISABLED]],
  ])('%s', (_, component, expected) => {
    expect(check(component)).toEqual(expected);
  });

  it.each<[string, object]>([
    ['no file_types', upload()],
    ['null file_types', upload({ file_types: null })],
    ['no file types at all', upload({ file_types: [] })],
    ['ten file types', upload({ file_types: ['image', 'video', 'audio', '.a', '.b', '.c', '.d', '.e', '.f', '.g'] })],
  ])('accepts %s', (_, component) => {
    expect(check(component)).toEqual([]);
  });
});

describe('a radio group', () => {
  const radio = (extra: object = {}) => ({ type: 21, custom_id: 'r', options: [option('a'), option('b')], ...extra });
  it.each<[string, object, Problem[]]>([
    ['no custom_id', { type: 21, options: [option('a'), option('b')] }, [NO_CUSTOM_ID]],
    [
      'no options',
      { type: 21, custom_id: 'r' },
      [e('component-count', `${C}.options`, 'A radio group’s options is required.', API.required)],
    ],
    [
      'one option',
      radio({ options: [option('a')] }),
      [
        e(
          'component-count',
          `${C}.options`,
          'A radio group’s options must hold 2-10 entries (it holds 1).',
          API.badLength(2, 10),
        ),
      ],
    ],
    [
      'an option without a value',
      radio({ options: [option('a'), { label: 'B' }] }),
      [e('component-text', `${C}.options.1.value`, 'An option value is required.', API.required)],
    ],
    [
      'two defaults',
      radio({ options: [option('a', { default: true }), option('b', { default: true })] }),
      [tooManyDefaults(2, 1)],
    ],
    ['disabled', radio({ disabled: false }), [DISABLED]],
  ])('%s', (_, component, expected) => {
    expect(check(component)).toEqual(expected);
  });

  it('does not read an emoji on its options (a radio option has none)', () => {
    expect(check(radio({ options: [option('a', { emoji: 'x' }), option('b')] }))).toEqual([]);
  });
});

describe('a checkbox group', () => {
  const three = [option('a'), option('b'), option('c')];
  const group = (extra: object = {}) => ({ type: 22, custom_id: 'g', options: three, ...extra });
  const values = (field: string, message: string, api: readonly [string, string]) =>
    e('component-values', `${C}.${field}`, message, api);
  it.each<[string, object, Problem[]]>([
    ['no custom_id', { type: 22, options: three }, [NO_CUSTOM_ID]],
    [
      'no options',
      { type: 22, custom_id: 'g' },
      [e('component-count', `${C}.options`, 'A checkbox group’s options is required.', API.required)],
    ],
    [
      'eleven options',
      group({ options: Array.from({ length: 11 }, (_, i) => option(`o${i}`)) }),
      [
        e(
          'component-count',
          `${C}.options`,
          'A checkbox group’s options must hold 1-10 entries (it holds 11).',
          API.badLength(1, 10),
        ),
      ],
    ],
    [
      'min_values 11',
      group({ min_values: 11 }),
      [values('min_values', 'min_values must be at most 10 (it is 11).', API.numberMax(10))],
    ],
    [
      'max_values 11',
      group({ max_values: 11 }),
      [values('max_values', 'max_values must be at most 10 (it is 11).', API.numberMax(10))],
    ],
    [
      'max_values 0',
      group({ max_values: 0 }),
      [values('max_values', 'max_values must be at least 1 (it is 0).', API.numberMin(1))],
    ],
    [
      // max_values defaults to the number of options (3), so 4 is more than may be chosen.
      'min_values 4 of three options',
      group({ min_values: 4 }),
      [
        err(
          'component-values',
          `${C}.min_values`,
          'min_values (4) is more than max_values (3).',
          'SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX',
          'min_values cannot be greater than max_values',
        ),
      ],
    ],
    [
      'required with min_values 0',
      group({ min_values: 0 }),
      [
        err(
          'component-values',
          `${C}.min_values`,
          'A required component needs min_values of at least 1.',
          'COMPONENT_MIN_VALUES_REQUIRED',
          'min_values must be at least 1 when the component is required',
        ),
      ],
    ],
    [
      'two defaults with max_values 1',
      group({ max_values: 1, options: [option('a', { default: true }), option('b', { default: true })] }),
      [tooManyDefaults(2, 1)],
    ],
    ['disabled', group({ disabled: false }), [DISABLED]],
  ])('%s', (_, component, expected) => {
    expect(check(component)).toEqual(expected);
  });

  it.each<[string, object]>([
    ['min_values 3 of three options (max_values defaults to 3)', group({ min_values: 3 })],
    ['three defaults of three options', group({ options: three.map((o) => ({ ...o, default: true })) })],
    ['min_values 0 when not required', group({ min_values: 0, required: false })],
    ['an emoji-less option with a stray emoji key', group({ options: [option('a', { emoji: 'x' })] })],
  ])('accepts %s', (_, component) => {
    expect(check(component)).toEqual([]);
  });
});

describe('a checkbox', () => {
  const box = (extra: object = {}) => ({ type: 23, custom_id: 'c', ...extra });
  it.each<[string, object, Problem[]]>([
    ['no custom_id', { type: 23 }, [NO_CUSTOM_ID]],
    [
      'default "yes"',
      box({ default: 'yes' }),
      [e('modal-checkbox', `${C}.default`, 'default must be true or false, not the string "yes".', API.notBool('yes'))],
    ],
    ['disabled', box({ disabled: false }), [DISABLED]],
    [
      'required',
      box({ required: true }),
      [
        err(
          'modal-checkbox',
          `${C}.required`,
          'A checkbox cannot be required; use a one-option checkbox group.',
          'CHECKBOX_REQUIRED_NOT_ALLOWED',
          'A checkbox cannot be required',
        ),
      ],
    ],
  ])('%s', (_, component, expected) => {
    expect(check(component)).toEqual(expected);
  });

  it('accepts a default and required: false', () => {
    expect(check(box({ default: true, required: false }))).toEqual([]);
  });
});
