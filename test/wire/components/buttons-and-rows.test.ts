/** Message components without IS_COMPONENTS_V2: rows, buttons, custom ids (facts components §1.3, §1.8, §4.1). */
import { describe, expect, it } from 'vitest';
import { checkMessageComponents, type MessageComponentContext } from '../../../src/wire/components/index.js';
import { errors } from './brief.js';

const app: MessageComponentContext = { sender: 'application' };
const row = (...components: unknown[]) => ({ type: 1, components });
const button = (custom_id: string, extra: object = {}) => ({
  type: 2,
  style: 1,
  label: custom_id,
  custom_id,
  ...extra,
});
const check = (components: unknown[], ctx = app) => errors(checkMessageComponents({ components }, ctx));

describe('rows and buttons', () => {
  it('accepts rows of up to 5 buttons, link, premium and disabled buttons', () => {
    const ok = [
      row(
        button('a'),
        button('b', { style: 2, disabled: true }),
        button('c', { style: 3 }),
        button('d', { style: 4, emoji: { name: '🔥' } }),
        {
          type: 2,
          style: 5,
          label: 'Docs',
          url: 'https://example.com',
        },
      ),
      row(
        { type: 2, style: 6, sku_id: '1234567890' },
        { type: 2, style: 1, custom_id: 'e', emoji: { id: '123', name: 'x' } },
      ),
    ];
    expect(check(ok)).toEqual([]);
  });

  it('a button outside a row, or a v2 component without the flag, cannot stand at the top level', () => {
    const choice = { code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (1,).' };
    expect(check([button('a')])).toEqual([{ path: 'components.0', ...choice }]);
    expect(check([{ type: 10, content: 'hi' }])).toEqual([{ path: 'components.0', ...choice }]);
  });

  it('a text input or a row inside a row is refused with the types a row may hold', () => {
    expect(check([row({ type: 4, custom_id: 't', style: 1, label: 'T' })])).toEqual([
      {
        path: 'components.0.components.0',
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
      },
    ]);
  });

  it('at most 5 rows', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(button(`b${i}`)));
    expect(check(rows.slice(0, 5))).toEqual([]);
    expect(check(rows)).toEqual([
      { path: 'components', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' },
    ]);
  });

  it('a 6th button, or a select beside anything, exceeds the row width (reported on the component that overflows)', () => {
    const width = {
      code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      message: 'The specified component exceeds the maximum width',
    };
    const six = row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)));
    expect(check([six])).toEqual([{ path: 'components.0.components.5', ...width }]);
    const select = { type: 5, custom_id: 'who' };
    expect(check([row(button('a'), select)])).toEqual([{ path: 'components.0.components.1', ...width }]);
    expect(check([row(select, { ...select, custom_id: 'who2' })])).toEqual([
      { path: 'components.0.components.1', ...width },
    ]);
  });

  it('an empty row is refused', () => {
    expect(check([row()])).toEqual([
      { path: 'components.0.components', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 5 in length.' },
    ]);
  });

  it('a non-link button needs a custom_id; only link buttons carry a url, and never with a custom_id', () => {
    expect(check([row({ type: 2, style: 1, label: 'x' })])).toEqual([
      {
        path: 'components.0.components.0',
        code: 'BUTTON_COMPONENT_CUSTOM_ID_REQUIRED',
        message: 'A custom id is required',
      },
    ]);
    const exclusive = {
      code: 'BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE',
      message: 'A custom id and url cannot both be specified',
    };
    expect(check([row({ type: 2, style: 5, label: 'x', url: 'https://x', custom_id: 'x' })])).toEqual([
      { path: 'components.0.components.0', ...exclusive },
    ]);
    expect(check([row(button('x', { url: 'https://x' }))])).toEqual([
      { path: 'components.0.components.0', ...exclusive },
    ]);
    expect(check([row({ type: 2, style: 5, label: 'x' })])).toEqual([
      { path: 'components.0.components.0.url', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check([row({ type: 2, style: 5, label: 'x', url: 'ftp://x' })])).toEqual([
      {
        path: 'components.0.components.0.url',
        code: 'URL_TYPE_INVALID_SCHEME',
        message: `Scheme "ftp" is not supported. Scheme must be one of ('http', 'https', 'discord').`,
      },
    ]);
  });

  it('premium buttons: sku_id required, no custom_id/label/url/emoji; sku_id only on them', () => {
    expect(check([row({ type: 2, style: 6 })])).toEqual([
      { path: 'components.0.components.0.sku_id', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
    expect(check([row({ type: 2, style: 6, sku_id: '1', label: 'Buy' })])).toEqual([
      {
        path: 'components.0.components.0',
        code: 'BUTTON_COMPONENT_PREMIUM_FIELDS_NOT_ALLOWED',
        message: 'Premium buttons cannot have a custom id, label, url or emoji',
      },
    ]);
    expect(check([row(button('a', { sku_id: '1' }))])).toEqual([
      {
        path: 'components.0.components.0.sku_id',
        code: 'BUTTON_COMPONENT_SKU_ID_NOT_ALLOWED',
        message: 'Only premium buttons may have a sku id',
      },
    ]);
  });

  it('style, label, url and custom_id lengths, emoji and disabled', () => {
    expect(check([row(button('a', { style: 7 }))])).toEqual([
      {
        path: 'components.0.components.0.style',
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of (1, 2, 3, 4, 5, 6).',
      },
    ]);
    expect(check([row(button('a', { label: 'x'.repeat(81) }))])).toEqual([
      {
        path: 'components.0.components.0.label',
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 80 or fewer in length.',
      },
    ]);
    expect(check([row(button('a', { label: 'x'.repeat(80) }))])).toEqual([]);
    expect(check([row({ type: 2, style: 5, label: 'l', url: `https://x/${'x'.repeat(503)}` })])).toEqual([
      {
        path: 'components.0.components.0.url',
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 512 or fewer in length.',
      },
    ]);
    expect(check([row(button('x'.repeat(101), { label: 'L' }))])).toEqual([
      {
        path: 'components.0.components.0.custom_id',
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 100 or fewer in length.',
      },
    ]);
    expect(check([row(button('x'.repeat(100), { label: 'L' }))])).toEqual([]);
    expect(check([row(button('a', { emoji: {} }))])).toEqual([
      { path: 'components.0.components.0.emoji.id', code: 'BUTTON_COMPONENT_INVALID_EMOJI', message: 'Invalid emoji' },
    ]);
    expect(check([row(button('a', { emoji: { id: 'abc' } }))])).toEqual([
      { path: 'components.0.components.0.emoji.id', code: 'BUTTON_COMPONENT_INVALID_EMOJI', message: 'Invalid emoji' },
    ]);
    expect(check([row(button('a', { disabled: 'yes' }))])).toEqual([
      {
        path: 'components.0.components.0.disabled',
        code: 'BOOLEAN_TYPE_COERCE',
        message: 'Value "yes" is not a valid boolean.',
      },
    ]);
  });

  it('custom_ids are unique in the message, disabled components included; the later one is reported', () => {
    expect(check([row(button('same', { disabled: true })), row(button('other'), button('same'))])).toEqual([
      {
        path: 'components.1.components.1.custom_id',
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id was already specified',
      },
    ]);
  });

  it('component ids are unique in the message', () => {
    expect(check([row(button('a', { id: 7 }), button('b', { id: 7 }))])).toEqual([
      {
        path: 'components.0.components.1.id',
        code: 'COMPONENT_ID_DUPLICATED',
        message: 'Component id was already specified',
      },
    ]);
    expect(check([row(button('a', { id: 0 }), button('b', { id: 0 }))])).toEqual([]);
  });

  it('a button without label or emoji is only a warning (the service does not document a refusal)', () => {
    const ps = checkMessageComponents({ components: [row({ type: 2, style: 1, custom_id: 'a' })] }, app);
    expect(ps.map((p) => [p.rule, p.severity, p.api])).toEqual([['component-button', 'warning', undefined]]);
  });
});

describe('who sends', () => {
  const link = row({ type: 2, style: 5, label: 'Docs', url: 'https://example.com' });
  it('a webhook no application owns: components ignored without with_components (a warning), only non-interactive with it', () => {
    const ignored = checkMessageComponents({ components: [row(button('a'))] }, { sender: 'webhook' });
    expect(ignored.map((p) => [p.rule, p.severity])).toEqual([['message-components-ignored', 'warning']]);
    expect(check([link], { sender: 'webhook', withComponents: true })).toEqual([]);
    expect(check([link, row(button('a'))], { sender: 'webhook', withComponents: true })).toEqual([
      {
        path: 'components.1.components.0',
        code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
        message: 'Interactive components can only be sent by application-owned webhooks',
      },
    ]);
  });

  it('applications and their webhooks send interactive components, judged by the same rules', () => {
    for (const sender of ['application', 'application-webhook'] as const) {
      expect(check([link, row(button('a'))], { sender })).toEqual([]);
      expect(check([row({ type: 2, style: 1, label: 'x' })], { sender })).toHaveLength(1);
    }
  });
});
