/**
 * The whole Problem of each rule of a message's Action Rows and the components-v2 layout and content
 * components (facts components §1.7, §1.8): rule id, sentence, path and the service's answer.
 */
import { describe, expect, it } from 'vitest';
import { checkComponentTree } from '../../../src/wire/components/index.js';
import type { Problem } from '../../../src/wire/problem.js';
import { API, e, err } from './problem-of.js';

const button = (custom_id: string) => ({ type: 2, style: 1, custom_id, label: 'B' });
const text = { type: 10, content: 'x' };
const v2 = (component: object) => checkComponentTree([component], true);
const url = 'https://example.com/a.png';
const notBool = (rule: string, path: string, field: string) =>
  e(rule, path, `${field} must be true or false, not the string "yes".`, API.notBool('yes'));

describe('an action row of a message', () => {
  const R = 'components.0.components';
  it.each<[string, unknown, Problem[]]>([
    ['no components', undefined, [e('component-count', R, 'An action row’s components is required.', API.required)]],
    [
      'components as a string',
      'x',
      [e('component-count', R, 'An action row’s components must be a list, not the string "x".', API.array)],
    ],
    ['no component at all', [], [e('component-count', R, 'An action row holds 1-5 components.', API.badLength(1, 5))]],
    [
      // The first child past the width is reported, once: not the seventh as well.
      'seven buttons',
      Array.from({ length: 7 }, (_, i) => button(`b${i}`)),
      [
        err(
          'component-layout',
          `${R}.5`,
          'An action row holds up to 5 buttons, or one select alone.',
          'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
          'The specified component exceeds the maximum width',
        ),
      ],
    ],
  ])('%s', (_, components, expected) => {
    expect(checkComponentTree([{ type: 1, components }], false)).toEqual(expected);
  });
});

describe('a text display', () => {
  it.each<[string, object, Problem[]]>([
    [
      'no content',
      { type: 10 },
      [e('component-text', 'components.0.content', 'A text display’s content is required.', API.required)],
    ],
    [
      'empty content',
      { type: 10, content: '' },
      [
        e(
          'component-text',
          'components.0.content',
          'A text display’s content must be 1-4000 characters long (it has 0).',
          API.badLength(1, 4000),
        ),
      ],
    ],
  ])('%s', (_, component, expected) => {
    expect(v2(component)).toEqual(expected);
  });
});

describe('a thumbnail (as a section accessory)', () => {
  const A = 'components.0.accessory';
  const section = (thumb: object) => v2({ type: 9, components: [text], accessory: { type: 11, ...thumb } });
  const needsMedia = e('component-media', `${A}.media`, 'A thumbnail needs a media item with a url.', API.required);
  it.each<[string, object, Problem[]]>([
    ['no media', {}, [needsMedia]],
    ['null media', { media: null }, [needsMedia]],
    [
      'media as a string',
      { media: url },
      [e('component-media', `${A}.media`, `A thumbnail must be a mapping, not the string "${url}".`, API.object)],
    ],
    [
      'media without a url',
      { media: {} },
      [e('component-text', `${A}.media.url`, 'A thumbnail’s url is required.', API.required)],
    ],
    [
      'a description of 1025',
      { media: { url }, description: 'd'.repeat(1025) },
      [
        e(
          'component-text',
          `${A}.description`,
          'A media description must be 0-1024 characters long (it has 1025).',
          API.maxLength(1024),
        ),
      ],
    ],
    ['spoiler "yes"', { media: { url }, spoiler: 'yes' }, [notBool('component-media', `${A}.spoiler`, 'spoiler')]],
  ])('%s', (_, thumb, expected) => {
    expect(section(thumb)).toEqual(expected);
  });
});

describe('a media gallery', () => {
  const I = 'components.0.items';
  it.each<[string, unknown, Problem[]]>([
    ['no items', undefined, [e('component-count', I, 'A media gallery’s items is required.', API.required)]],
    [
      'no item at all',
      [],
      [e('component-count', I, 'A media gallery’s items must hold 1-10 entries (it holds 0).', API.badLength(1, 10))],
    ],
    [
      'an item that is a string',
      [{ media: { url } }, 'x'],
      [e('component-media', `${I}.1`, 'A gallery item must be a mapping, not the string "x".', API.object)],
    ],
    [
      'an item without media',
      [{}],
      [e('component-media', `${I}.0.media`, 'A gallery item needs a media item with a url.', API.required)],
    ],
    [
      'an item whose media has no url',
      [{ media: {} }],
      [e('component-text', `${I}.0.media.url`, 'A gallery item’s url is required.', API.required)],
    ],
    [
      'an item with a long description and a string spoiler',
      [{ media: { url }, description: 'd'.repeat(1025), spoiler: 'yes' }],
      [
        e(
          'component-text',
          `${I}.0.description`,
          'A media description must be 0-1024 characters long (it has 1025).',
          API.maxLength(1024),
        ),
        notBool('component-media', `${I}.0.spoiler`, 'spoiler'),
      ],
    ],
  ])('%s', (_, items, expected) => {
    expect(v2({ type: 12, items })).toEqual(expected);
  });
});

describe('a file component', () => {
  it.each<[string, object, Problem[]]>([
    [
      'no file',
      {},
      [e('component-media', 'components.0.file', 'A file component needs a media item with a url.', API.required)],
    ],
    [
      'a file without a url (the url alone is reported)',
      { file: {} },
      [e('component-text', 'components.0.file.url', 'A file component’s url is required.', API.required)],
    ],
    [
      'a web url',
      { file: { url } },
      [
        err(
          'component-media',
          'components.0.file.url',
          'A file component names an uploaded file: attachment://<filename>.',
          'FILE_COMPONENT_ATTACHMENT_REQUIRED',
          'A file component must reference an attachment (attachment://<filename>)',
        ),
      ],
    ],
    [
      'spoiler "yes"',
      { file: { url: 'attachment://a.pdf' }, spoiler: 'yes' },
      [notBool('component-media', 'components.0.spoiler', 'spoiler')],
    ],
  ])('%s', (_, fields, expected) => {
    expect(v2({ type: 13, ...fields })).toEqual(expected);
  });
});

describe('a separator', () => {
  it.each<[string, object, Problem[]]>([
    ['divider "yes"', { divider: 'yes' }, [notBool('component-separator', 'components.0.divider', 'divider')]],
    [
      'spacing 3',
      { spacing: 3 },
      [
        err(
          'component-separator',
          'components.0.spacing',
          'Separator spacing number 3 is not 1 (small) or 2 (large).',
          'BASE_TYPE_CHOICES',
          'Value must be one of (1, 2).',
        ),
      ],
    ],
    ['a null spacing and divider', { spacing: null, divider: null }, []],
    ['spacing 2 without a divider', { spacing: 2, divider: false }, []],
  ])('%s', (_, fields, expected) => {
    expect(v2({ type: 14, ...fields })).toEqual(expected);
  });
});

describe('a section', () => {
  const needsAccessory = e(
    'component-layout',
    'components.0.accessory',
    'A section needs an accessory (a button or a thumbnail).',
    API.required,
  );
  const accessory = button('b');
  it.each<[string, object, Problem[]]>([
    [
      'no components (nothing else is checked in their place)',
      { accessory },
      [e('component-count', 'components.0.components', 'A section’s components is required.', API.required)],
    ],
    [
      'four texts',
      { components: [text, text, text, text], accessory },
      [
        e(
          'component-count',
          'components.0.components',
          'A section’s components must hold 1-3 entries (it holds 4).',
          API.badLength(1, 3),
        ),
      ],
    ],
    ['no accessory', { components: [text] }, [needsAccessory]],
    ['a null accessory', { components: [text], accessory: null }, [needsAccessory]],
  ])('%s', (_, fields, expected) => {
    expect(v2({ type: 9, ...fields })).toEqual(expected);
  });
});

describe('a container', () => {
  const A = 'components.0.accent_color';
  it.each<[string, object, Problem[]]>([
    [
      'no components (nothing else is checked in their place)',
      {},
      [e('component-count', 'components.0.components', 'A container’s components is required.', API.required)],
    ],
    [
      'accent_color -1',
      { components: [text], accent_color: -1 },
      [e('component-container', A, 'accent_color must be at least 0 (it is -1).', API.numberMin(0))],
    ],
    [
      'accent_color 0x1000000',
      { components: [text], accent_color: 0x1000000 },
      [e('component-container', A, 'accent_color must be at most 16777215 (it is 16777216).', API.numberMax(0xffffff))],
    ],
    [
      'spoiler "yes"',
      { components: [text], spoiler: 'yes' },
      [notBool('component-container', 'components.0.spoiler', 'spoiler')],
    ],
    ['the colour limits', { components: [text], accent_color: 0xffffff, spoiler: true }, []],
  ])('%s', (_, fields, expected) => {
    expect(v2({ type: 17, ...fields })).toEqual(expected);
  });

  it('refuses an empty one as too short', () => {
    // Only where and what: the sentence names MAX_SAFE_INTEGER as the upper bound (reported to the lead).
    const found = v2({ type: 17, components: [] });
    expect(found.map((p) => [p.rule, p.path.join('.'), p.api?.code])).toEqual([
      ['component-count', 'components.0.components', 'BASE_TYPE_BAD_LENGTH'],
    ]);
  });
});
