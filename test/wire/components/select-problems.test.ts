/**
 * Select findings as a whole (wire/components/select.ts, facts components §1.4, §1.6, §4.1): rule,
 * severity, path, sentence and inner error of each branch: value counts, required and disabled in a
 * message and in a modal, options (also of radio and checkbox groups), default values, channel types.
 */
import { describe, expect, it } from 'vitest';
import { ChannelType } from '../../../src/wire/enums.js';
import { checkMessageComponents, checkModalData } from '../../../src/wire/components/index.js';
import { ComponentErrors } from '../../../src/wire/components/errors.js';
import { ApiErrors, problem, type PathSegment } from '../../../src/wire/problem.js';

const check = (select: object) =>
  checkMessageComponents({ components: [{ type: 1, components: [select] }] }, { sender: 'application' });
const at = ['components', 0, 'components', 0];
const p = (...rest: PathSegment[]) => [...at, ...rest];
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` }));
const string = (fields: object) => check({ type: 3, custom_id: 's', options: options(3), ...fields });
const user = (fields: object) => check({ type: 5, custom_id: 'u', ...fields });

/** A modal whose one Label wraps `component`; findings are located from the modal's data. */
const inModal = (component: object) =>
  checkModalData({ custom_id: 'm', title: 'T', components: [{ type: 18, label: 'L', component }] });
const m = (...rest: PathSegment[]) => ['components', 0, 'component', ...rest];

describe('min_values and max_values', () => {
  it.each([
    [{ min_values: 26 }, 'min_values', 'min_values must be at most 25 (it is 26).', ApiErrors.numberMax(25)],
    [{ min_values: -1 }, 'min_values', 'min_values must be at least 0 (it is -1).', ApiErrors.numberMin(0)],
    [{ max_values: 0 }, 'max_values', 'max_values must be at least 1 (it is 0).', ApiErrors.numberMin(1)],
    [{ max_values: 26 }, 'max_values', 'max_values must be at most 25 (it is 26).', ApiErrors.numberMax(25)],
    [
      { max_values: 'x' },
      'max_values',
      'max_values must be a whole number, not the string "x".',
      ApiErrors.integer('x'),
    ],
  ])('%j', (counts, field, message, api) => {
    expect(string(counts)).toEqual([problem('component-values', p(field), message, api)]);
  });

  it('min_values above max_values, the given one against the other’s default (1) too; equal is fine', () => {
    const above = (min: number, max: number) =>
      problem(
        'component-values',
        p('min_values'),
        `min_values (${min}) is more than max_values (${max}).`,
        ComponentErrors.minAboveMax,
      );
    expect(string({ min_values: 3, max_values: 2 })).toEqual([above(3, 2)]);
    expect(string({ min_values: 2 })).toEqual([above(2, 1)]);
    expect(string({ min_values: 2, max_values: 2 })).toEqual([]);
    expect(string({ min_values: 0, max_values: 1 })).toEqual([]);
  });

  it('two values out of range are each reported, not compared', () => {
    expect(string({ min_values: -1, max_values: 0 })).toEqual([
      problem('component-values', p('min_values'), 'min_values must be at least 0 (it is -1).', ApiErrors.numberMin(0)),
      problem('component-values', p('max_values'), 'max_values must be at least 1 (it is 0).', ApiErrors.numberMin(1)),
    ]);
  });

  it('a checkbox group without options has no values to compare (only the options are refused)', () => {
    expect(inModal({ type: 22, custom_id: 'c', options: [] })).toEqual([
      problem(
        'component-count',
        m('options'),
        'A checkbox group’s options must hold 1-10 entries (it holds 0).',
        ApiErrors.badLength(1, 10),
      ),
    ]);
  });
});

describe('required and disabled', () => {
  it('in a message: disabled is a boolean; required and min_values 0 are fine', () => {
    expect(string({ disabled: true, min_values: 0 })).toEqual([]);
    expect(string({ disabled: 'no' })).toEqual([
      problem(
        'component-disabled',
        p('disabled'),
        'disabled must be true or false, not the string "no".',
        ApiErrors.boolean('no'),
      ),
    ]);
  });

  it('in a modal: disabled is refused, required is a boolean, and a required select needs min_values ≥ 1', () => {
    const select = { type: 3, custom_id: 's', options: options(2) };
    expect(inModal({ ...select, required: false, min_values: 0 })).toEqual([]);
    expect(inModal({ ...select, disabled: false })).toEqual([
      problem(
        'component-disabled',
        m('disabled'),
        'A component in a modal cannot be disabled.',
        ComponentErrors.disabledInModal,
      ),
    ]);
    expect(inModal({ ...select, required: 'yes' })).toEqual([
      problem(
        'component-required',
        m('required'),
        'required must be true or false, not the string "yes".',
        ApiErrors.boolean('yes'),
      ),
    ]);
    const minOne = problem(
      'component-values',
      m('min_values'),
      'A required component needs min_values of at least 1.',
      ComponentErrors.minValuesRequired,
    );
    expect(inModal({ ...select, min_values: 0 })).toEqual([minOne]);
    expect(inModal({ ...select, min_values: 0, required: true })).toEqual([minOne]);
  });
});

describe('options', () => {
  const option = (fields: object) => string({ options: [{ label: 'A', value: 'a', ...fields }] });

  it('each option a mapping', () => {
    expect(string({ options: ['a'] })).toEqual([
      problem(
        'component-option',
        p('options', 0),
        'An option must be a mapping, not the string "a".',
        ApiErrors.object(),
      ),
    ]);
  });

  it('the options a list', () => {
    expect(string({ options: 'a' })).toEqual([
      problem(
        'component-count',
        p('options'),
        'A string select’s options must be a list, not the string "a".',
        ApiErrors.array(),
      ),
    ]);
  });

  it.each([
    [
      { label: 'x'.repeat(101) },
      'label',
      'An option label must be 1-100 characters long (it has 101).',
      ApiErrors.maxLength(100),
    ],
    [{ label: '' }, 'label', 'An option label must be 1-100 characters long (it has 0).', ApiErrors.badLength(1, 100)],
    [{ value: undefined }, 'value', 'An option value is required.', ApiErrors.required()],
    [
      { value: 'x'.repeat(101) },
      'value',
      'An option value must be 1-100 characters long (it has 101).',
      ApiErrors.maxLength(100),
    ],
    [
      { description: 'x'.repeat(101) },
      'description',
      'An option description must be 0-100 characters long (it has 101).',
      ApiErrors.maxLength(100),
    ],
  ])('text fields: %j', (fields, field, message, api) => {
    expect(option(fields)).toEqual([problem('component-text', p('options', 0, field), message, api)]);
  });

  it('default is a boolean', () => {
    expect(option({ default: 'yes' })).toEqual([
      problem(
        'component-option',
        p('options', 0, 'default'),
        'default must be true or false, not the string "yes".',
        ApiErrors.boolean('yes'),
      ),
    ]);
  });

  it('a string select’s option emoji is judged; a radio group’s option has none to judge', () => {
    expect(option({ emoji: 5 })).toEqual([
      problem(
        'component-emoji',
        p('options', 0, 'emoji'),
        'An emoji must be a mapping, not number 5.',
        ApiErrors.object(),
      ),
    ]);
    const radio = { type: 21, custom_id: 'r', options: [...options(2)].map((o) => ({ ...o, emoji: 5 })) };
    expect(inModal(radio)).toEqual([]);
  });

  it('values unique: the later one is reported; two missing values are not a repeat', () => {
    expect(string({ options: [...options(1), { label: 'B', value: 'v0' }] })).toEqual([
      problem(
        'component-option',
        p('options', 1, 'value'),
        'Option value "v0" is listed twice.',
        ComponentErrors.optionValueDuplicated,
      ),
    ]);
    expect(string({ options: [{ label: 'A' }, { label: 'B' }] })).toEqual([
      problem('component-text', p('options', 0, 'value'), 'An option value is required.', ApiErrors.required()),
      problem('component-text', p('options', 1, 'value'), 'An option value is required.', ApiErrors.required()),
    ]);
  });

  it('no more default options than max_values', () => {
    const defaults = options(3).map((o) => ({ ...o, default: true }));
    expect(string({ options: defaults, max_values: 3 })).toEqual([]);
    expect(string({ options: defaults, max_values: 2 })).toEqual([
      problem(
        'component-option',
        p('options'),
        '3 options are marked default but at most 2 may be chosen.',
        ComponentErrors.tooManyDefaults,
      ),
    ]);
  });
});

describe('default values of the auto-populated selects', () => {
  const id = (n: number) => String(100 + n);
  const users = (n: number) => Array.from({ length: n }, (_, i) => ({ id: id(i), type: 'user' }));

  it('a list of up to 25, within min_values and max_values; an empty list is no choice made', () => {
    expect(user({ default_values: [] })).toEqual([]);
    expect(user({ default_values: users(2), max_values: 2 })).toEqual([]);
    expect(user({ default_values: 'x' })).toEqual([
      problem(
        'component-count',
        p('default_values'),
        'default_values must be a list, not the string "x".',
        ApiErrors.array(),
      ),
    ]);
    expect(user({ default_values: users(26), max_values: 25 })).toEqual([
      problem(
        'component-count',
        p('default_values'),
        'default_values must hold 0-25 entries (it holds 26).',
        ApiErrors.maxLength(25),
      ),
      problem(
        'component-default-values',
        p('default_values'),
        '26 default values, but from 1 to 25 may be chosen.',
        ComponentErrors.defaultValuesCount,
      ),
    ]);
  });

  it('more than max_values, or fewer than min_values', () => {
    const count = (n: number, min: number, max: number) =>
      problem(
        'component-default-values',
        p('default_values'),
        `${n} default values, but from ${min} to ${max} may be chosen.`,
        ComponentErrors.defaultValuesCount,
      );
    expect(user({ default_values: users(2) })).toEqual([count(2, 1, 1)]);
    expect(user({ default_values: users(1), min_values: 2, max_values: 3 })).toEqual([count(1, 2, 3)]);
  });

  it('each a mapping with an id', () => {
    expect(user({ default_values: [5] })).toEqual([
      problem(
        'component-default-values',
        p('default_values', 0),
        'A default value must be a mapping, not number 5.',
        ApiErrors.object(),
      ),
    ]);
    for (const [bad, shown] of [
      ['x1', 'the string "x1"'],
      ['1x', 'the string "1x"'],
      [1, 'number 1'],
      [undefined, 'undefined'],
    ] as const)
      expect(user({ default_values: [{ id: bad, type: 'user' }] })).toEqual([
        problem(
          'component-default-values',
          p('default_values', 0, 'id'),
          `${shown} is not an id.`,
          ApiErrors.snowflake(bad),
        ),
      ]);
  });

  it('of the kinds the select offers', () => {
    const kinds = (type: number, value: unknown, names: string, allowed: string[]) =>
      expect(check({ type, custom_id: 's', default_values: [{ id: '1', type: value }] })).toEqual([
        problem(
          'component-default-values',
          p('default_values', 0, 'type'),
          `This select's default values name a ${names}.`,
          ApiErrors.choices(allowed),
        ),
      ]);
    kinds(5, 'role', 'user', ['user']);
    kinds(6, undefined, 'role', ['role']);
    kinds(7, 'channel', 'user or role', ['user', 'role']);
    kinds(8, 'user', 'channel', ['channel']);
    expect(check({ type: 7, custom_id: 's', default_values: [{ id: '1', type: 'role' }] })).toEqual([]);
  });
});

describe('placeholder and channel types', () => {
  it('a placeholder of at most 150 characters', () => {
    expect(user({ placeholder: 'x'.repeat(150) })).toEqual([]);
    expect(user({ placeholder: 'x'.repeat(151) })).toEqual([
      problem(
        'component-text',
        p('placeholder'),
        'A placeholder must be 0-150 characters long (it has 151).',
        ApiErrors.maxLength(150),
      ),
    ]);
  });

  it('channel_types are judged on a channel select only', () => {
    expect(check({ type: 8, custom_id: 'c', channel_types: [0, 2] })).toEqual([]);
    expect(user({ channel_types: [99] })).toEqual([]);
    const names = Object.entries(ChannelType)
      .map(([n, v]) => `${n.toLowerCase()} (${v})`)
      .join(', ');
    expect(check({ type: 8, custom_id: 'c', channel_types: [0, 99] })).toEqual([
      problem(
        'component-channel-types',
        p('channel_types', 1),
        `Channel type number 99 is not one of ${names}.`,
        ApiErrors.choices(Object.values(ChannelType)),
      ),
    ]);
  });
});
