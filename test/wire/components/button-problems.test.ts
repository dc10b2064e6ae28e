/**
 * Button findings as a whole (wire/components/button.ts, facts components §1.3, §4.1): rule, severity,
 * path, the sentence a person reads and the service's inner error, for each branch, with minimal bad
 * buttons. The emulator's event log, the web view and `cmdsync test` reports show all of it.
 */
import { describe, expect, it } from 'vitest';
import { checkMessageComponents } from '../../../src/wire/components/index.js';
import { ComponentErrors } from '../../../src/wire/components/errors.js';
import { ApiErrors, problem, type PathSegment } from '../../../src/wire/problem.js';

const check = (button: object) =>
  checkMessageComponents(
    { components: [{ type: 1, components: [{ type: 2, ...button }] }] },
    { sender: 'application' },
  );
const at = ['components', 0, 'components', 0];
const p = (...rest: PathSegment[]) => [...at, ...rest];
const STYLES = [1, 2, 3, 4, 5, 6];

describe('a button style', () => {
  it.each([{}, { style: null }])('missing (%j) is required, and nothing else is judged', (style) => {
    expect(check({ custom_id: 'a', label: 'A', ...style })).toEqual([
      problem('component-button', p('style'), 'A button needs a style.', ApiErrors.required()),
    ]);
  });

  it.each([
    [7, 'number 7'],
    [0, 'number 0'],
    ['1', 'the string "1"'],
    [1.5, 'number 1.5'],
  ])('%j is not one of 1-6', (style, shown) => {
    expect(check({ style, custom_id: 'a', label: 'A' })).toEqual([
      problem('component-button', p('style'), `Button style ${shown} is not one of 1-6.`, ApiErrors.choices(STYLES)),
    ]);
  });

  it('disabled must be a boolean, on every style', () => {
    const bad = problem(
      'component-button',
      p('disabled'),
      'disabled must be true or false, not the string "yes".',
      ApiErrors.boolean('yes'),
    );
    expect(check({ style: 1, custom_id: 'a', label: 'A', disabled: 'yes' })).toEqual([bad]);
    expect(check({ style: 6, sku_id: '1', disabled: 'yes' })).toEqual([bad]);
  });
});

describe('a button that calls back (styles 1-4)', () => {
  it('a label up to 80 characters, or an emoji alone; with neither, a warning (the service is not known to refuse it)', () => {
    expect(check({ style: 1, custom_id: 'a', label: 'x'.repeat(80) })).toEqual([]);
    expect(check({ style: 2, custom_id: 'a', emoji: { name: '🔥' } })).toEqual([]);
    expect(check({ style: 1, custom_id: 'a', label: 'x'.repeat(81) })).toEqual([
      problem(
        'component-text',
        p('label'),
        'A button label must be 0-80 characters long (it has 81).',
        ApiErrors.maxLength(80),
      ),
    ]);
    expect(check({ style: 3, custom_id: 'a' })).toEqual([
      {
        rule: 'component-button',
        severity: 'warning',
        path: at,
        message: 'A button without label or emoji shows nothing.',
      },
    ]);
  });

  it('sku_id belongs to premium buttons only', () => {
    expect(check({ style: 1, custom_id: 'a', label: 'A', sku_id: '1' })).toEqual([
      problem(
        'component-button',
        p('sku_id'),
        'Only a premium button (style 6) may have sku_id.',
        ComponentErrors.skuOnlyOnPremium,
      ),
    ]);
  });

  it('needs a custom_id: absent, or null', () => {
    expect(check({ style: 4, label: 'A' })).toEqual([
      problem(
        'component-button',
        at,
        'A button that calls the application back needs a custom_id.',
        ComponentErrors.customIdRequired,
      ),
    ]);
    expect(check({ style: 1, label: 'A', custom_id: null })).toEqual([
      problem('component-text', p('custom_id'), 'custom_id is required.', ApiErrors.required()),
    ]);
  });

  it('a url: refused beside a custom_id, and without one it is also the wrong style', () => {
    expect(check({ style: 1, label: 'A', custom_id: 'a', url: 'https://x.test' })).toEqual([
      problem(
        'component-button',
        at,
        'A button cannot have both custom_id and url.',
        ComponentErrors.customIdUrlExclusive,
      ),
    ]);
    expect(check({ style: 2, label: 'A', url: 'https://x.test' })).toEqual([
      problem('component-button', at, 'Only a link button (style 5) may have a url.', ComponentErrors.urlOnlyOnLink),
      problem(
        'component-button',
        at,
        'A button that calls the application back needs a custom_id.',
        ComponentErrors.customIdRequired,
      ),
    ]);
  });
});

describe('a link button (style 5)', () => {
  const link = (url: unknown) => check({ style: 5, label: 'Docs', url });
  const scheme = (url: string, found: string) =>
    problem(
      'component-button',
      p('url'),
      `A link button's url must start with http:, https: or discord: (${JSON.stringify(url)}).`,
      ComponentErrors.urlScheme(found),
    );

  it('http:, https: and discord: in any case, up to 512 characters', () => {
    for (const url of ['http://x.test', 'HTTPS://X.TEST', 'discord://-/channels/1', `https://${'a'.repeat(504)}`])
      expect(link(url)).toEqual([]);
  });

  it('a custom_id is refused (the url is then not judged)', () => {
    expect(check({ style: 5, label: 'Docs', custom_id: 'a' })).toEqual([
      problem(
        'component-button',
        at,
        'A link button cannot have a custom_id; it opens its url.',
        ComponentErrors.customIdUrlExclusive,
      ),
    ]);
  });

  it('a url is required, of at most 512 characters', () => {
    expect(link(undefined)).toEqual([
      problem('component-text', p('url'), 'A button url is required.', ApiErrors.required()),
    ]);
    expect(link(`https://${'a'.repeat(505)}`)).toEqual([
      problem(
        'component-text',
        p('url'),
        'A button url must be 1-512 characters long (it has 513).',
        ApiErrors.maxLength(512),
      ),
    ]);
  });

  it('another scheme is named (lowercase), no scheme is the empty one; the scheme starts the url', () => {
    expect(link('FTP://x.test')).toEqual([scheme('FTP://x.test', 'ftp')]);
    expect(link('x.test/a')).toEqual([scheme('x.test/a', '')]);
    expect(link(' https://x.test')).toEqual([scheme(' https://x.test', '')]);
    expect(link('1https://x.test')).toEqual([scheme('1https://x.test', '')]);
  });
});

describe('a premium button (style 6)', () => {
  const premium = (fields: object) => check({ style: 6, ...fields });

  it('a sku_id of 1-20 digits, and nothing else', () => {
    expect(premium({ sku_id: '1' })).toEqual([]);
    expect(premium({ sku_id: '9'.repeat(20) })).toEqual([]);
  });

  it.each([{}, { sku_id: null }])('needs sku_id (%j)', (sku) => {
    expect(premium(sku)).toEqual([
      problem('component-button', p('sku_id'), 'A premium button needs sku_id.', ApiErrors.required()),
    ]);
  });

  it.each([
    [123, 'number 123'],
    ['x123', 'the string "x123"'],
    ['123x', 'the string "123x"'],
    ['', 'the string ""'],
    ['1'.repeat(21), `the string "${'1'.repeat(21)}"`],
  ])('sku_id %j is not an id', (sku_id, shown) => {
    expect(premium({ sku_id })).toEqual([
      problem('component-button', p('sku_id'), `sku_id ${shown} is not an id.`, ApiErrors.snowflake(sku_id)),
    ]);
  });

  it('custom_id, label, url and emoji are each refused, named in the order of the docs', () => {
    const refused = (names: string) =>
      problem(
        'component-button',
        at,
        `A premium button cannot have ${names}: the client shows the SKU itself.`,
        ComponentErrors.premiumFields,
      );
    for (const key of ['custom_id', 'label', 'url', 'emoji'])
      expect(premium({ sku_id: '1', [key]: key === 'emoji' ? { name: '🔥' } : 'x' })).toEqual([refused(key)]);
    expect(premium({ sku_id: '1', emoji: { name: '🔥' }, url: 'https://x.test', label: 'L', custom_id: 'c' })).toEqual([
      refused('custom_id, label, url, emoji'),
    ]);
  });
});
