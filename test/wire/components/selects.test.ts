/** Select menus in messages (facts components §1.4, §4.1). */
import { describe, expect, it } from 'vitest';
import { checkMessageComponents } from '../../../src/wire/components/index.js';
import { errors } from './brief.js';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` }));
const check = (select: object) =>
  errors(checkMessageComponents({ components: [{ type: 1, components: [select] }] }, { sender: 'application' }));
const at = (rest: string) => `components.0.components.0${rest ? `.${rest}` : ''}`;

describe('string selects', () => {
  it('accept 1-25 options, values and counts within range', () => {
    expect(
      check({ type: 3, custom_id: 's', placeholder: 'Pick', min_values: 0, max_values: 25, options: options(25) }),
    ).toEqual([]);
    expect(
      check({
        type: 3,
        custom_id: 's',
        options: [{ label: 'A', value: 'a', description: 'd', emoji: { name: '🍎' }, default: true }],
      }),
    ).toEqual([]);
  });

  it('need a custom_id and 1-25 options', () => {
    expect(check({ type: 3, options: options(1) })).toEqual([
      { path: at('custom_id'), code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check({ type: 3, custom_id: 's' })).toEqual([
      { path: at('options'), code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    const length = { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 25 in length.' };
    expect(check({ type: 3, custom_id: 's', options: [] })).toEqual([{ path: at('options'), ...length }]);
    expect(check({ type: 3, custom_id: 's', options: options(26) })).toEqual([{ path: at('options'), ...length }]);
  });

  it('options: label and value required, at most 100; values unique; no more defaults than max_values', () => {
    expect(check({ type: 3, custom_id: 's', options: [{ value: 'a' }] })).toEqual([
      { path: at('options.0.label'), code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(
      check({ type: 3, custom_id: 's', options: [{ label: 'A', value: 'a', description: 'd'.repeat(101) }] }),
    ).toEqual([
      { path: at('options.0.description'), code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' },
    ]);
    expect(
      check({
        type: 3,
        custom_id: 's',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
      }),
    ).toEqual([
      {
        path: at('options.1.value'),
        code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        message: 'Select option values must be unique',
      },
    ]);
    const twoDefaults = options(2).map((o) => ({ ...o, default: true }));
    expect(check({ type: 3, custom_id: 's', options: twoDefaults })).toEqual([
      {
        path: at('options'),
        code: 'SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES',
        message: 'Select has more default options than max_values',
      },
    ]);
    expect(check({ type: 3, custom_id: 's', max_values: 2, options: twoDefaults })).toEqual([]);
  });

  it('min_values 0-25, max_values 1-25, min not above max; placeholder at most 150', () => {
    expect(check({ type: 3, custom_id: 's', min_values: 26, max_values: 25, options: options(1) })).toEqual([
      { path: at('min_values'), code: 'NUMBER_TYPE_MAX', message: 'Int should be less than or equal to 25.' },
    ]);
    expect(check({ type: 3, custom_id: 's', max_values: 0, options: options(1) })).toEqual([
      { path: at('max_values'), code: 'NUMBER_TYPE_MIN', message: 'Int should be greater than or equal to 1.' },
    ]);
    expect(check({ type: 3, custom_id: 's', min_values: 3, max_values: 2, options: options(3) })).toEqual([
      {
        path: at('min_values'),
        code: 'SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX',
        message: 'min_values cannot be greater than max_values',
      },
    ]);
    expect(check({ type: 3, custom_id: 's', min_values: 'x', options: options(1) })).toEqual([
      { path: at('min_values'), code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not int.' },
    ]);
    expect(check({ type: 3, custom_id: 's', placeholder: 'p'.repeat(151), options: options(1) })).toEqual([
      { path: at('placeholder'), code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 150 or fewer in length.' },
    ]);
  });

  it('in a message, required is ignored and disabled is a boolean', () => {
    expect(
      check({ type: 3, custom_id: 's', required: true, min_values: 0, disabled: true, options: options(1) }),
    ).toEqual([]);
    expect(check({ type: 3, custom_id: 's', disabled: 1, options: options(1) })).toEqual([
      { path: at('disabled'), code: 'BOOLEAN_TYPE_COERCE', message: 'Value "1" is not a valid boolean.' },
    ]);
  });
});

describe('user, role, mentionable and channel selects', () => {
  it('default_values name the kinds the select offers', () => {
    expect(check({ type: 5, custom_id: 'u', default_values: [{ id: '1', type: 'user' }] })).toEqual([]);
    expect(
      check({
        type: 7,
        custom_id: 'm',
        max_values: 2,
        default_values: [
          { id: '1', type: 'user' },
          { id: '2', type: 'role' },
        ],
      }),
    ).toEqual([]);
    expect(check({ type: 6, custom_id: 'r', default_values: [{ id: '1', type: 'user' }] })).toEqual([
      { path: at('default_values.0.type'), code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (role).' },
    ]);
    expect(check({ type: 8, custom_id: 'c', default_values: [{ id: 'x', type: 'channel' }] })).toEqual([
      { path: at('default_values.0.id'), code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not snowflake.' },
    ]);
  });

  it('as many default values as may be chosen', () => {
    const two = [
      { id: '1', type: 'user' },
      { id: '2', type: 'user' },
    ];
    expect(check({ type: 5, custom_id: 'u', default_values: two })).toEqual([
      {
        path: at('default_values'),
        code: 'SELECT_COMPONENT_DEFAULT_VALUES_COUNT',
        message: 'The number of default values must be between min_values and max_values',
      },
    ]);
    expect(check({ type: 5, custom_id: 'u', max_values: 2, default_values: two })).toEqual([]);
  });

  it('channel_types are channel types', () => {
    expect(check({ type: 8, custom_id: 'c', channel_types: [0, 5] })).toEqual([]);
    expect(check({ type: 8, custom_id: 'c', channel_types: [99] })).toEqual([
      {
        path: at('channel_types.0'),
        code: 'BASE_TYPE_CHOICES',
        message: expect.stringMatching(/^Value must be one of \(0, 1, 2/),
      },
    ]);
  });
});
