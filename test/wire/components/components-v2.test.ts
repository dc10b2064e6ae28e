/** Messages with IS_COMPONENTS_V2 (facts components §1.7, §1.8). */
import { describe, expect, it } from 'vitest';
import { MessageFlag } from '../../../src/wire/enums.js';
import { checkMessageComponents } from '../../../src/wire/components/index.js';
import { errors } from './brief.js';

const V2 = MessageFlag.IS_COMPONENTS_V2;
const text = (content: string) => ({ type: 10, content });
const check = (components: unknown[], previousFlags?: number) =>
  errors(
    checkMessageComponents(previousFlags === undefined ? { flags: V2, components } : { components }, {
      sender: 'application',
      ...(previousFlags !== undefined ? { previousFlags } : {}),
    }),
  );

describe('components v2', () => {
  const full = [
    text('# Title'),
    { type: 9, components: [text('a'), text('b')], accessory: { type: 2, style: 1, label: 'Go', custom_id: 'go' } },
    {
      type: 9,
      components: [text('c')],
      accessory: { type: 11, media: { url: 'https://example.com/a.png' }, description: 'alt', spoiler: true },
    },
    {
      type: 12,
      items: [
        { media: { url: 'https://example.com/b.png' } },
        { media: { url: 'attachment://c.png' }, description: 'c' },
      ],
    },
    { type: 13, file: { url: 'attachment://report.pdf' }, spoiler: false },
    { type: 14, divider: false, spacing: 2 },
    {
      type: 17,
      accent_color: 0xffffff,
      components: [
        text('inside'),
        { type: 1, components: [{ type: 3, custom_id: 's', options: [{ label: 'A', value: 'a' }] }] },
      ],
    },
    { type: 1, components: [{ type: 2, style: 5, label: 'Docs', url: 'https://example.com' }] },
  ];

  it('accepts every layout and content component at the top level (no cap of 5)', () => {
    expect(check(full)).toEqual([]);
    expect(check(Array.from({ length: 12 }, (_, i) => text(`line ${i}`)))).toEqual([]);
  });

  it('an edit of a v2 message without flags is still judged as v2 (the flag stays)', () => {
    expect(check([text('still v2')], V2)).toEqual([]);
    expect(check([text('not v2')], 0)).toEqual([
      { path: 'components.0', code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (1,).' },
    ]);
  });

  it('at most 40 components, nested ones counted', () => {
    const rowOf5 = (k: number) => ({
      type: 1,
      components: Array.from({ length: 5 }, (_, i) => ({ type: 2, style: 1, label: 'b', custom_id: `b${k}-${i}` })),
    });
    const forty = Array.from({ length: 6 }, (_, k) => rowOf5(k)).concat([
      text('a'),
      text('b'),
      text('c'),
      text('d'),
    ] as never[]);
    expect(check(forty)).toEqual([]);
    expect(check([...forty, text('e')])).toEqual([
      { path: 'components', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 40 or fewer in length.' },
    ]);
  });

  it('text displays hold at most 4000 characters together', () => {
    expect(check([text('x'.repeat(2000)), text('y'.repeat(2000))])).toEqual([]);
    expect(check([text('x'.repeat(2000)), text('y'.repeat(2001))])).toEqual([
      {
        path: 'components',
        code: 'COMPONENTS_V2_TEXT_TOO_LONG',
        message: 'Text displays may hold at most 4000 characters in total',
      },
    ]);
    expect(check([{ type: 10 }])).toEqual([
      { path: 'components.0.content', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
  });

  it('a section holds 1-3 text displays and needs a button or thumbnail accessory', () => {
    const accessory = { type: 11, media: { url: 'https://x/a.png' } };
    expect(check([{ type: 9, components: [text('a'), text('b'), text('c'), text('d')], accessory }])).toEqual([
      { path: 'components.0.components', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 3 in length.' },
    ]);
    expect(check([{ type: 9, components: [text('a')] }])).toEqual([
      { path: 'components.0.accessory', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(
      check([
        {
          type: 9,
          components: [text('a')],
          accessory: { type: 3, custom_id: 's', options: [{ label: 'A', value: 'a' }] },
        },
      ]),
    ).toEqual([
      {
        path: 'components.0.accessory',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (2, 11).',
      },
    ]);
    expect(check([{ type: 9, components: [{ type: 14 }], accessory }])).toEqual([
      {
        path: 'components.0.components.0',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (10,).',
      },
    ]);
  });

  it('a container holds no container and a colour up to 0xFFFFFF', () => {
    expect(check([{ type: 17, components: [{ type: 17, components: [text('a')] }] }])).toEqual([
      {
        path: 'components.0.components.0',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1, 10, 9, 12, 14, 13).',
      },
    ]);
    expect(check([{ type: 17, accent_color: 0x1000000, components: [text('a')] }])).toEqual([
      {
        path: 'components.0.accent_color',
        code: 'NUMBER_TYPE_MAX',
        message: 'Int should be less than or equal to 16777215.',
      },
    ]);
  });

  it('media: galleries of 1-10 items with urls, files named attachment://, descriptions up to 1024, separator spacing 1 or 2', () => {
    const item = { media: { url: 'https://x/a.png' } };
    expect(check([{ type: 12, items: Array.from({ length: 11 }, () => item) }])).toEqual([
      { path: 'components.0.items', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 10 in length.' },
    ]);
    expect(check([{ type: 12, items: [{ media: {} }] }])).toEqual([
      { path: 'components.0.items.0.media.url', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check([{ type: 12, items: [{ ...item, description: 'd'.repeat(1025) }] }])).toEqual([
      {
        path: 'components.0.items.0.description',
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 1024 or fewer in length.',
      },
    ]);
    expect(check([{ type: 13, file: { url: 'https://x/a.pdf' } }])).toEqual([
      {
        path: 'components.0.file.url',
        code: 'FILE_COMPONENT_ATTACHMENT_REQUIRED',
        message: 'A file component must reference an attachment (attachment://<filename>)',
      },
    ]);
    expect(check([{ type: 14, spacing: 3 }])).toEqual([
      { path: 'components.0.spacing', code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (1, 2).' },
    ]);
  });

  it('modal-only components never stand in a message', () => {
    expect(check([{ type: 18, label: 'L', component: { type: 4, custom_id: 't', style: 1 } }])).toEqual([
      {
        path: 'components.0',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1, 9, 10, 12, 13, 14, 17).',
      },
    ]);
  });
});
