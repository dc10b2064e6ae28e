/**
 * The whole Problem of each rule a modal's data breaks (facts components §1.5, §1.6, §3.1):
 * rule id, sentence, path and the service's answer, one minimal bad input per branch.
 */
import { describe, expect, it } from 'vitest';
import { checkModalData } from '../../../src/wire/components/index.js';
import type { Problem } from '../../../src/wire/problem.js';
import { API, e, err } from './problem-of.js';

const modal = (components: unknown[]) => ({ custom_id: 'm', title: 'T', components });
const inLabel = (component: object) => modal([{ type: 18, label: 'L', component }]);
const input = (extra: object = {}) => ({ type: 4, custom_id: 't', style: 1, ...extra });
const row = (components: unknown) => modal([{ type: 1, components }]);
const C = 'components.0.component';

const TEXT = 'modal-text-input';
const DISABLED = e(
  'component-disabled',
  `${C}.disabled`,
  'A component in a modal cannot be disabled.',
  API.disabledInModal,
);

describe('the modal itself', () => {
  it.each<[string, unknown, Problem[]]>([
    [
      'null',
      null,
      [e('modal-data', '', 'A modal answer needs data (custom_id, title, components), not null.', API.required)],
    ],
    [
      'a string',
      'x',
      [
        e(
          'modal-data',
          '',
          'A modal answer needs data (custom_id, title, components), not the string "x".',
          API.object,
        ),
      ],
    ],
    [
      'a list',
      [],
      [e('modal-data', '', 'A modal answer needs data (custom_id, title, components), not a list.', API.object)],
    ],
    [
      'no title',
      { custom_id: 'm', components: [{ type: 10, content: 'x' }] },
      [e('component-text', 'title', 'A modal title is required.', API.required)],
    ],
    [
      'a null title',
      { custom_id: 'm', title: null, components: [{ type: 10, content: 'x' }] },
      [e('component-text', 'title', 'A modal title is required.', API.required)],
    ],
    [
      'no components',
      { custom_id: 'm', title: 'T' },
      [e('component-count', 'components', 'A modal’s components is required.', API.required)],
    ],
  ])('%s', (_, data, expected) => {
    expect(checkModalData(data)).toEqual(expected);
  });

  it('names the modal when a custom_id comes twice', () => {
    const twice = modal([
      { type: 18, label: 'A', component: input() },
      { type: 18, label: 'B', component: input() },
    ]);
    expect(checkModalData(twice)).toEqual([
      e(
        'component-custom-id',
        'components.1.component.custom_id',
        'custom_id "t" is already used in this modal.',
        API.customIdDuplicated,
      ),
    ]);
  });

  it("a field may share the modal's own custom_id: uniqueness is among the components (facts §1.2)", () => {
    const same = { ...modal([{ type: 18, label: 'A', component: input() }]), custom_id: 't' };
    expect(checkModalData(same)).toEqual([]);
  });
});

describe('a text input in a Label', () => {
  it.each<[string, object, Problem[]]>([
    [
      'no custom_id',
      { type: 4, style: 1 },
      [e('component-text', `${C}.custom_id`, 'custom_id is required.', API.required)],
    ],
    [
      'no style',
      { type: 4, custom_id: 't' },
      [e(TEXT, `${C}.style`, 'A text input needs a style (1 short, 2 paragraph).', API.required)],
    ],
    [
      'a null style',
      input({ style: null }),
      [e(TEXT, `${C}.style`, 'A text input needs a style (1 short, 2 paragraph).', API.required)],
    ],
    [
      'style 3',
      input({ style: 3 }),
      [
        err(
          TEXT,
          `${C}.style`,
          'Text input style number 3 is not 1 (short) or 2 (paragraph).',
          'BASE_TYPE_CHOICES',
          'Value must be one of (1, 2).',
        ),
      ],
    ],
    [
      'min_length -1',
      input({ min_length: -1 }),
      [e(TEXT, `${C}.min_length`, 'min_length must be at least 0 (it is -1).', API.numberMin(0))],
    ],
    [
      'max_length 0',
      input({ max_length: 0 }),
      [e(TEXT, `${C}.max_length`, 'max_length must be at least 1 (it is 0).', API.numberMin(1))],
    ],
    [
      'max_length 4001',
      input({ max_length: 4001 }),
      [e(TEXT, `${C}.max_length`, 'max_length must be at most 4000 (it is 4001).', API.numberMax(4000))],
    ],
    [
      'min_length 1.5 above max_length 1 (only the fraction is reported)',
      input({ min_length: 1.5, max_length: 1 }),
      [e(TEXT, `${C}.min_length`, 'min_length must be a whole number, not number 1.5.', API.notInt('1.5'))],
    ],
    [
      'min_length "x"',
      input({ min_length: 'x' }),
      [e(TEXT, `${C}.min_length`, 'min_length must be a whole number, not the string "x".', API.notInt('x'))],
    ],
    [
      'min_length 6 above max_length 5',
      input({ min_length: 6, max_length: 5 }),
      [
        err(
          TEXT,
          `${C}.min_length`,
          'min_length (6) is more than max_length (5).',
          'TEXT_INPUT_MIN_LENGTH_EXCEEDS_MAX',
          'min_length cannot be greater than max_length',
        ),
      ],
    ],
    [
      'min_length 5000 above max_length 10 (only the range is reported)',
      input({ min_length: 5000, max_length: 10 }),
      [e(TEXT, `${C}.min_length`, 'min_length must be at most 4000 (it is 5000).', API.numberMax(4000))],
    ],
    [
      'max_length 4001 below min_length 5000',
      input({ min_length: 5000, max_length: 4001 }),
      [
        e(TEXT, `${C}.min_length`, 'min_length must be at most 4000 (it is 5000).', API.numberMax(4000)),
        e(TEXT, `${C}.max_length`, 'max_length must be at most 4000 (it is 4001).', API.numberMax(4000)),
      ],
    ],
    [
      'required "yes"',
      input({ required: 'yes' }),
      [e(TEXT, `${C}.required`, 'required must be true or false, not the string "yes".', API.notBool('yes'))],
    ],
    [
      'a value of 4001',
      input({ value: 'v'.repeat(4001) }),
      [
        e(
          'component-text',
          `${C}.value`,
          'A text input’s value must be 0-4000 characters long (it has 4001).',
          API.maxLength(4000),
        ),
      ],
    ],
    [
      'a placeholder of 101',
      input({ placeholder: 'p'.repeat(101) }),
      [
        e(
          'component-text',
          `${C}.placeholder`,
          'A text input’s placeholder must be 0-100 characters long (it has 101).',
          API.maxLength(100),
        ),
      ],
    ],
    ['disabled: false', input({ disabled: false }), [DISABLED]],
    [
      'a label of its own',
      input({ label: 'Own' }),
      [
        err(
          TEXT,
          `${C}.label`,
          'A text input inside a Label takes its label from the Label.',
          'TEXT_INPUT_LABEL_NOT_ALLOWED',
          'A text input inside a label cannot have its own label',
        ),
      ],
    ],
  ])('%s', (_, component, expected) => {
    expect(checkModalData(inLabel(component))).toEqual(expected);
  });

  it.each<[string, object]>([
    ['equal min_length and max_length', input({ min_length: 5, max_length: 5 })],
    [
      'null lengths, placeholder, value and required',
      input({ min_length: null, max_length: null, placeholder: null, value: null, required: null }),
    ],
    [
      'the limits themselves',
      input({ style: 2, min_length: 0, max_length: 4000, value: 'v'.repeat(4000), placeholder: 'p'.repeat(100) }),
    ],
  ])('accepts %s', (_, component) => {
    expect(checkModalData(inLabel(component))).toEqual([]);
  });
});

describe('the legacy action row of one text input', () => {
  const R = 'components.0.components';
  const NEEDS_LABEL = e(
    TEXT,
    `${R}.0.label`,
    'A text input in an action row needs a label (or wrap it in a Label component).',
    API.required,
  );
  it.each<[string, unknown, Problem[]]>([
    [
      'no components',
      undefined,
      [e('component-count', R, 'A modal action row’s components is required.', API.required)],
    ],
    [
      'two unlabelled inputs (the count alone is reported)',
      [input(), input({ custom_id: 'u' })],
      [
        e(
          'component-count',
          R,
          'A modal action row’s components must hold 1-1 entries (it holds 2).',
          API.badLength(1, 1),
        ),
      ],
    ],
    ['an input without a label', [input()], [NEEDS_LABEL]],
    ['an input with a null label', [input({ label: null })], [NEEDS_LABEL]],
    [
      'an input without a custom_id',
      [{ type: 4, style: 1, label: 'L' }],
      [e('component-text', `${R}.0.custom_id`, 'custom_id is required.', API.required)],
    ],
    [
      'a label of 46',
      [input({ label: 'l'.repeat(46) })],
      [
        e(
          'component-text',
          `${R}.0.label`,
          'A text input’s label must be 0-45 characters long (it has 46).',
          API.maxLength(45),
        ),
      ],
    ],
  ])('%s', (_, components, expected) => {
    expect(checkModalData(row(components))).toEqual(expected);
  });
});

describe('a Label', () => {
  it.each<[string, object, Problem[]]>([
    [
      'no label',
      { component: input() },
      [e('component-text', 'components.0.label', 'A label is required.', API.required)],
    ],
    [
      'an empty label',
      { label: '', component: input() },
      [
        e(
          'component-text',
          'components.0.label',
          'A label must be 1-45 characters long (it has 0).',
          API.badLength(1, 45),
        ),
      ],
    ],
    [
      'a label of 46',
      { label: 'l'.repeat(46), component: input() },
      [
        e(
          'component-text',
          'components.0.label',
          'A label must be 1-45 characters long (it has 46).',
          API.maxLength(45),
        ),
      ],
    ],
    [
      'a description of 101',
      { label: 'L', description: 'd'.repeat(101), component: input() },
      [
        e(
          'component-text',
          'components.0.description',
          'A label’s description must be 0-100 characters long (it has 101).',
          API.maxLength(100),
        ),
      ],
    ],
    ['no component', { label: 'L' }, [e('modal-label', C, 'A label wraps one component.', API.required)]],
    [
      'a null component',
      { label: 'L', component: null },
      [e('modal-label', C, 'A label wraps one component.', API.required)],
    ],
    [
      // Only a text input's own label is refused: another child's stray `label` key is not that rule.
      'a select with a label key',
      { label: 'L', component: { type: 3, custom_id: 's', options: [{ label: 'A', value: 'a' }], label: 'x' } },
      [],
    ],
  ])('%s', (_, fields, expected) => {
    expect(checkModalData(modal([{ type: 18, ...fields }]))).toEqual(expected);
  });
});
