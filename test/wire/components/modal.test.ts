/** A modal as callback 9's data (facts components §1.5, §1.6, §3.1, §4.1). */
import { describe, expect, it } from 'vitest';
import { checkModalData } from '../../../src/wire/components/index.js';
import { errors } from './brief.js';

const input = (custom_id: string, extra: object = {}) => ({ type: 4, custom_id, style: 1, ...extra });
const label = (text: string, component: object) => ({ type: 18, label: text, component });
const modal = (components: unknown[], extra: object = {}) => ({
  custom_id: 'feedback',
  title: 'Feedback',
  components,
  ...extra,
});
const check = (data: unknown) => errors(checkModalData(data));

describe('modals', () => {
  it('accepts labels, text displays, legacy rows and every modal input', () => {
    const ok = modal([
      label('Name', input('name', { min_length: 1, max_length: 40, placeholder: 'Ann', value: 'x', required: true })),
      { type: 10, content: 'Tell us more' },
      { type: 1, components: [input('more', { style: 2, label: 'More' })] },
      label('Pick', { type: 3, custom_id: 'pick', options: [{ label: 'A', value: 'a' }] }),
      label('Who', { type: 5, custom_id: 'who', required: false, min_values: 0 }),
    ]);
    expect(check(ok)).toEqual([]);
    expect(
      check(
        modal([
          label('File', { type: 19, custom_id: 'f', max_values: 10, file_types: ['image', '.pdf'] }),
          label('One', {
            type: 21,
            custom_id: 'r',
            options: [
              { label: 'A', value: 'a' },
              { label: 'B', value: 'b', default: true },
            ],
          }),
          label('Some', {
            type: 22,
            custom_id: 'g',
            options: [{ label: 'A', value: 'a' }],
            min_values: 0,
            required: false,
          }),
          label('Agree', { type: 23, custom_id: 'c', default: true }),
        ]),
      ),
    ).toEqual([]);
  });

  it('needs data with a custom_id, a title of 1-45 and 1-5 components', () => {
    expect(check(undefined)).toEqual([{ path: '', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }]);
    const one = [label('A', input('a'))];
    expect(check({ title: 'T', components: one })).toEqual([
      { path: 'custom_id', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check(modal(one, { title: 't'.repeat(46) }))).toEqual([
      { path: 'title', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 45 or fewer in length.' },
    ]);
    expect(check(modal(one, { title: '' }))).toEqual([
      { path: 'title', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 45 in length.' },
    ]);
    const length = { path: 'components', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 5 in length.' };
    expect(check(modal([]))).toEqual([length]);
    expect(check(modal(Array.from({ length: 6 }, (_, i) => label(`L${i}`, input(`i${i}`)))))).toEqual([length]);
  });

  it('holds only labels, text displays and rows at the top, and labels hold inputs', () => {
    expect(check(modal([{ type: 2, style: 1, label: 'b', custom_id: 'b' }]))).toEqual([
      {
        path: 'components.0',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1, 10, 18).',
      },
    ]);
    expect(check(modal([label('L', { type: 2, style: 1, label: 'b', custom_id: 'b' })]))).toEqual([
      {
        path: 'components.0.component',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (4, 3, 5, 6, 7, 8, 19, 21, 22, 23).',
      },
    ]);
    expect(check(modal([{ type: 18, label: 'L' }]))).toEqual([
      { path: 'components.0.component', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
  });

  it('a legacy row holds exactly one text input, which needs a label; inside a Label it may not have one', () => {
    expect(check(modal([{ type: 1, components: [input('a', { label: 'A' }), input('b', { label: 'B' })] }]))).toEqual([
      { path: 'components.0.components', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 1 in length.' },
    ]);
    expect(check(modal([{ type: 1, components: [input('a')] }]))).toEqual([
      { path: 'components.0.components.0.label', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check(modal([label('L', input('a', { label: 'A' }))]))).toEqual([
      {
        path: 'components.0.component.label',
        code: 'TEXT_INPUT_LABEL_NOT_ALLOWED',
        message: 'A text input inside a label cannot have its own label',
      },
    ]);
  });

  it('text inputs: style 1 or 2, lengths 0-4000 / 1-4000 in order, value and placeholder limits', () => {
    const at = (field: string) => `components.0.component.${field}`;
    expect(check(modal([label('L', input('a', { style: 3 }))]))).toEqual([
      { path: at('style'), code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (1, 2).' },
    ]);
    expect(check(modal([label('L', { type: 4, custom_id: 'a' })]))).toEqual([
      { path: at('style'), code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check(modal([label('L', input('a', { min_length: 4001 }))]))).toEqual([
      { path: at('min_length'), code: 'NUMBER_TYPE_MAX', message: 'Int should be less than or equal to 4000.' },
    ]);
    expect(check(modal([label('L', input('a', { max_length: 0 }))]))).toEqual([
      { path: at('max_length'), code: 'NUMBER_TYPE_MIN', message: 'Int should be greater than or equal to 1.' },
    ]);
    expect(check(modal([label('L', input('a', { min_length: 10, max_length: 5 }))]))).toEqual([
      {
        path: at('min_length'),
        code: 'TEXT_INPUT_MIN_LENGTH_EXCEEDS_MAX',
        message: 'min_length cannot be greater than max_length',
      },
    ]);
    expect(check(modal([label('L', input('a', { value: 'v'.repeat(4001) }))]))).toEqual([
      { path: at('value'), code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 4000 or fewer in length.' },
    ]);
    expect(check(modal([label('L', input('a', { placeholder: 'p'.repeat(101) }))]))).toEqual([
      { path: at('placeholder'), code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' },
    ]);
  });

  it('nothing in a modal is disabled; a required input needs min_values of 1; a checkbox is never required', () => {
    const disabled = {
      code: 'MODAL_COMPONENT_DISABLED_NOT_ALLOWED',
      message: 'Components in a modal cannot be disabled',
    };
    expect(check(modal([label('L', input('a', { disabled: false }))]))).toEqual([
      { path: 'components.0.component.disabled', ...disabled },
    ]);
    expect(check(modal([label('L', { type: 6, custom_id: 'r', disabled: true })]))).toEqual([
      { path: 'components.0.component.disabled', ...disabled },
    ]);
    expect(check(modal([label('L', { type: 6, custom_id: 'r', min_values: 0 })]))).toEqual([
      {
        path: 'components.0.component.min_values',
        code: 'COMPONENT_MIN_VALUES_REQUIRED',
        message: 'min_values must be at least 1 when the component is required',
      },
    ]);
    expect(check(modal([label('L', { type: 23, custom_id: 'c', required: true })]))).toEqual([
      {
        path: 'components.0.component.required',
        code: 'CHECKBOX_REQUIRED_NOT_ALLOWED',
        message: 'A checkbox cannot be required',
      },
    ]);
  });

  it('radio groups hold 2-10 options, file uploads up to 10 files; custom_ids are unique in the modal', () => {
    expect(check(modal([label('L', { type: 21, custom_id: 'r', options: [{ label: 'A', value: 'a' }] })]))).toEqual([
      {
        path: 'components.0.component.options',
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 2 and 10 in length.',
      },
    ]);
    expect(check(modal([label('L', { type: 19, custom_id: 'f', max_values: 11 })]))).toEqual([
      {
        path: 'components.0.component.max_values',
        code: 'NUMBER_TYPE_MAX',
        message: 'Int should be less than or equal to 10.',
      },
    ]);
    expect(check(modal([label('A', input('same')), label('B', input('same'))]))).toEqual([
      {
        path: 'components.1.component.custom_id',
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id was already specified',
      },
    ]);
  });
});
