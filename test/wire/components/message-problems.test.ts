/**
 * Message-level component findings as a whole (wire/components/message.ts, dispatch.ts, catalog.ts;
 * facts components §1.1, §1.8, §4.1): what is a component and where it may stand, the row and v2
 * limits, the flag, and what a webhook's components become.
 */
import { describe, expect, it } from 'vitest';
import {
  checkMessageComponents,
  componentName,
  interactiveComponentPaths,
  isComponentsV2,
  isInteractive,
  type MessageComponentContext,
} from '../../../src/wire/components/index.js';
import { ComponentErrors } from '../../../src/wire/components/errors.js';
import { type ApiError, ApiErrors, problem } from '../../../src/wire/problem.js';

const app: MessageComponentContext = { sender: 'application' };
const V2 = 1 << 15;
const check = (components: unknown, flags?: number, ctx = app) => checkMessageComponents({ components, flags }, ctx);
const button = (custom_id: string) => ({ type: 2, style: 1, label: custom_id, custom_id });
const row = (...components: unknown[]) => ({ type: 1, components });
const text = (content: string) => ({ type: 10, content });

describe('what a component is', () => {
  it('a mapping', () => {
    expect(check(['x'])).toEqual([
      problem(
        'component-type',
        ['components', 0],
        'A component must be a mapping with a numeric type, not the string "x".',
        ApiErrors.object(),
      ),
    ]);
  });

  it('with a numeric type: absent and null are required, anything else is no integer', () => {
    const type = (shown: string, api: ApiError) =>
      problem('component-type', ['components', 0, 'type'], `A component needs a numeric type, not ${shown}.`, api);
    expect(check([{}])).toEqual([type('undefined', ApiErrors.required())]);
    expect(check([{ type: null }])).toEqual([type('null', ApiErrors.required())]);
    expect(check([{ type: '1' }])).toEqual([type('the string "1"', ApiErrors.integer('1'))]);
  });

  it('the components field is a list; an empty one is no components', () => {
    expect(check('x')).toEqual([
      problem('component-type', ['components'], 'Components must be a list, not the string "x".', ApiErrors.array()),
    ]);
    expect(check([])).toEqual([]);
  });
});

describe('where a component may stand', () => {
  it('the refusal names the component and the types allowed there', () => {
    expect(check([button('a')])).toEqual([
      problem(
        'component-placement',
        ['components', 0],
        'A Button cannot stand here; allowed: Action Row (1).',
        ComponentErrors.typeChoices([1]),
      ),
    ]);
    expect(check([{ type: 99 }])).toEqual([
      problem(
        'component-placement',
        ['components', 0],
        'A type 99 cannot stand here; allowed: Action Row (1).',
        ComponentErrors.typeChoices([1]),
      ),
    ]);
  });

  it('a refused child takes no room in its row', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map(button);
    expect(check([row(...five, { type: 4, custom_id: 't', style: 1, label: 'T' })])).toEqual([
      problem(
        'component-placement',
        ['components', 0, 'components', 5],
        'A Text Input cannot stand here; allowed: Button (2), String Select (3), User Select (5), Role Select (6), ' +
          'Mentionable Select (7), Channel Select (8).',
        ComponentErrors.typeChoices([2, 3, 5, 6, 7, 8]),
      ),
    ]);
    expect(check([row(...five, { type: '2' })])).toEqual([
      problem(
        'component-type',
        ['components', 0, 'components', 5, 'type'],
        'A component needs a numeric type, not the string "2".',
        ApiErrors.integer('2'),
      ),
    ]);
  });

  it('componentName: a known type by name, anything else (a numeric string too) by value', () => {
    expect(componentName(2)).toBe('Button');
    expect(componentName(99)).toBe('type 99');
    expect(componentName('2')).toBe('type 2');
  });
});

describe('message limits', () => {
  it('at most 5 action rows without the flag', () => {
    const rows = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => row(button(id)));
    expect(check(rows)).toEqual([
      problem(
        'component-count',
        ['components'],
        'A message holds at most 5 action rows (it has 6).',
        ApiErrors.maxLength(5),
      ),
    ]);
  });

  it('with the flag: at most 40 components, nested ones counted', () => {
    const texts = (n: number) => Array.from({ length: n }, () => text('x'));
    expect(check(texts(40), V2)).toEqual([]);
    expect(check([...texts(39), row(button('a'))], V2)).toEqual([
      problem(
        'component-count',
        ['components'],
        'A components-v2 message holds at most 40 components, nested ones counted (it has 41).',
        ApiErrors.maxLength(40),
      ),
    ]);
  });

  it('with the flag: at most 4000 characters of text displays together', () => {
    expect(check([text('x'.repeat(2000)), text('x'.repeat(2000))], V2)).toEqual([]);
    expect(check([text('x'.repeat(2000)), text('x'.repeat(2001))], V2)).toEqual([
      problem(
        'component-text',
        ['components'],
        'Text displays hold at most 4000 characters together (they have 4001).',
        ComponentErrors.v2TextTooLong(4000),
      ),
    ]);
  });
});

describe('isComponentsV2', () => {
  it.each([
    [V2, 0, true],
    [V2 | 4, 0, true],
    [0, V2, true],
    [undefined, V2, true],
    [undefined, 0, false],
    [4, 0, false],
    [String(V2), 0, false],
    [V2 + 0.5, 0, false],
    [-1, 0, false],
  ])('flags %j on a message flagged %j: %j', (flags, previous, v2) => {
    expect(isComponentsV2(flags, previous)).toBe(v2);
  });
});

describe('webhooks', () => {
  const plain = { sender: 'webhook' } as const;
  const withComponents = { sender: 'webhook', withComponents: true } as const;

  it('a webhook no application owns: components ignored, with a warning, unless with_components=true', () => {
    expect(check([row(button('a'))], undefined, plain)).toEqual([
      {
        rule: 'message-components-ignored',
        severity: 'warning',
        path: ['components'],
        message: 'Components are ignored unless with_components=true is passed for a webhook no application owns.',
      },
    ]);
    expect(check([], undefined, plain)).toEqual([]);
  });

  it('with with_components=true: interactive components refused where they stand, link buttons allowed', () => {
    const link = { type: 2, style: 5, label: 'Docs', url: 'https://x.test' };
    expect(check([row(link)], undefined, withComponents)).toEqual([]);
    expect(check([row(link, button('a'))], undefined, withComponents)).toEqual([
      problem(
        'message-components-interactive',
        ['components', 0, 'components', 1],
        'Only application-owned webhooks may send interactive components (buttons other than links, selects, text inputs).',
        ComponentErrors.interactiveNotAllowed,
      ),
    ]);
  });

  it('a type that is not a number is no interactive component (only its type is refused)', () => {
    expect(isInteractive({ type: '3' })).toBe(false);
    expect(interactiveComponentPaths([{ type: '3' }, { type: 3 }])).toEqual([[1]]);
    expect(check([{ type: '3' }], undefined, withComponents)).toEqual([
      problem(
        'component-type',
        ['components', 0, 'type'],
        'A component needs a numeric type, not the string "3".',
        ApiErrors.integer('3'),
      ),
    ]);
  });
});
