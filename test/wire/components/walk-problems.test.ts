/**
 * The field checks every component kind shares (src/wire/components/walk.ts), as whole Problems:
 * the component `id` and `custom_id` (unique per message or modal, facts components §1.2), whole
 * numbers, strings of a length, lists of a count and partial emoji.
 */
import { describe, expect, it } from 'vitest';
import { checkComponentTree, checkModalData } from '../../../src/wire/components/index.js';
import type { Problem } from '../../../src/wire/problem.js';
import { API, e, err } from './problem-of.js';

const button = (custom_id: string, extra: object = {}) => ({ type: 2, style: 1, custom_id, label: 'B', ...extra });
const inRow = (...components: object[]) => checkComponentTree([{ type: 1, components }], false);
const B = 'components.0.components';

describe('a component id', () => {
  const idError = (i: number, message: string, api: readonly [string, string]) =>
    e('component-id', `${B}.${i}.id`, message, api);
  it.each<[string, unknown, Problem[]]>([
    [
      'a number twice',
      7,
      [
        err(
          'component-id',
          `${B}.1.id`,
          'Component id 7 is used twice in this message.',
          'COMPONENT_ID_DUPLICATED',
          'Component id was already specified',
        ),
      ],
    ],
    ['0 twice (0 is no id)', 0, []],
    ['null twice', null, []],
    [
      'a string twice (each is reported, not as a repeat)',
      'x',
      [0, 1].map((i) => idError(i, 'A component id must be a whole number, not the string "x".', API.notInt('x'))),
    ],
    [
      'a fraction twice',
      1.5,
      [0, 1].map((i) => idError(i, 'A component id must be a whole number, not number 1.5.', API.notInt('1.5'))),
    ],
    [
      'a negative number twice',
      -1,
      [0, 1].map((i) => idError(i, 'A component id must be at least 0 (it is -1).', API.numberMin(0))),
    ],
    [
      'one past 32 bits twice',
      2 ** 31,
      [0, 1].map((i) =>
        idError(i, 'A component id must be at most 2147483647 (it is 2147483648).', API.numberMax(2 ** 31 - 1)),
      ),
    ],
  ])('%s', (_, id, expected) => {
    expect(inRow(button('a', { id }), button('b', { id }))).toEqual(expected);
  });

  it('names the modal when an id comes twice there', () => {
    const label = (custom_id: string) => ({ type: 18, id: 3, label: 'L', component: { type: 4, custom_id, style: 1 } });
    expect(checkModalData({ custom_id: 'm', title: 'T', components: [label('a'), label('b')] })).toEqual([
      err(
        'component-id',
        'components.1.id',
        'Component id 3 is used twice in this modal.',
        'COMPONENT_ID_DUPLICATED',
        'Component id was already specified',
      ),
    ]);
  });
});

describe('a custom_id', () => {
  const long = 'c'.repeat(101);
  const tooLong = (i: number) =>
    e(
      'component-text',
      `${B}.${i}.custom_id`,
      'custom_id must be 1-100 characters long (it has 101).',
      API.maxLength(100),
    );
  it.each<[string, object[], Problem[]]>([
    [
      'twice in a message',
      [button('a'), button('a')],
      [
        e(
          'component-custom-id',
          `${B}.1.custom_id`,
          'custom_id "a" is already used in this message.',
          API.customIdDuplicated,
        ),
      ],
    ],
    ['too long, twice (each is reported for its length alone)', [button(long), button(long)], [tooLong(0), tooLong(1)]],
    [
      'a number',
      [{ type: 2, style: 1, custom_id: 5, label: 'B' }],
      [e('component-text', `${B}.0.custom_id`, 'custom_id must be a string, not number 5.', API.string)],
    ],
  ])('%s', (_, buttons, expected) => {
    expect(inRow(...buttons)).toEqual(expected);
  });
});

describe('a partial emoji (on a button)', () => {
  const E = `${B}.0.emoji`;
  const invalid = (message: string) =>
    err('component-emoji', `${E}.id`, message, 'BUTTON_COMPONENT_INVALID_EMOJI', 'Invalid emoji');
  const needsOne = invalid('An emoji needs the id of a custom emoji or the name of a unicode one.');
  it.each<[string, unknown, Problem[]]>([
    ['null', null, []],
    ['a custom one by id', { id: '123456789012345678' }, []],
    ['a unicode one by name, with a null id', { id: null, name: '😀' }, []],
    ['a string', '😀', [e('component-emoji', E, 'An emoji must be a mapping, not the string "😀".', API.object)]],
    [
      'an id with letters before the digits',
      { id: 'abc1', name: 'n' },
      [invalid('Emoji id the string "abc1" is not an id.')],
    ],
    [
      'an id with letters after the digits',
      { id: '1abc', name: 'n' },
      [invalid('Emoji id the string "1abc" is not an id.')],
    ],
    ['an id of 21 digits', { id: '1'.repeat(21) }, [invalid(`Emoji id the string "${'1'.repeat(21)}" is not an id.`)]],
    // A list whose text would pass for an id is still not a string.
    ['an id in a list', { id: ['123'], name: 'n' }, [invalid('Emoji id a list is not an id.')]],
    ['neither id nor name', {}, [needsOne]],
    ['an empty name', { name: '' }, [needsOne]],
  ])('%s', (_, emoji, expected) => {
    expect(inRow(button('a', { emoji }))).toEqual(expected);
  });
});

describe('a string of a length and a list of a count (a modal title and its components)', () => {
  const one = [{ type: 10, content: 'x' }];
  const modal = (fields: object) => checkModalData({ custom_id: 'm', title: 'T', components: one, ...fields });
  it.each<[string, object, Problem[]]>([
    [
      'an empty title',
      { title: '' },
      [e('component-text', 'title', 'A modal title must be 1-45 characters long (it has 0).', API.badLength(1, 45))],
    ],
    [
      'a title of 46',
      { title: 't'.repeat(46) },
      [e('component-text', 'title', 'A modal title must be 1-45 characters long (it has 46).', API.maxLength(45))],
    ],
    [
      'a numeric title',
      { title: 5 },
      [e('component-text', 'title', 'A modal title must be a string, not number 5.', API.string)],
    ],
    // Characters, not UTF-16 units: 45 emoji are 90 units.
    ['a title of 45 emoji', { title: '😀'.repeat(45) }, []],
    [
      'components as a string',
      { components: 'x' },
      [e('component-count', 'components', 'A modal’s components must be a list, not the string "x".', API.array)],
    ],
    [
      'null components',
      { components: null },
      [e('component-count', 'components', 'A modal’s components is required.', API.required)],
    ],
    [
      'six components',
      { components: Array.from({ length: 6 }, () => one[0]) },
      [
        e(
          'component-count',
          'components',
          'A modal’s components must hold 1-5 entries (it holds 6).',
          API.badLength(1, 5),
        ),
      ],
    ],
  ])('%s', (_, fields, expected) => {
    expect(modal(fields)).toEqual(expected);
  });
});
