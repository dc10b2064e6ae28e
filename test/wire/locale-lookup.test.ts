/**
 * wire/locales.ts: the locale lint suggests for a key the service does not take,
 * and the value a requester of a locale sees (its own, then the documented
 * fallback, else none: the default is shown).
 */
import { describe, expect, test } from 'vitest';
import { localizedValue, suggestLocale } from '../../src/wire/locales.js';

describe('suggestLocale', () => {
  test.each([
    ['pt_br', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['en-gb', 'en-GB'],
    ['en_us', 'en-US'],
    ['ES-419', 'es-419'],
    ['fr', 'fr'],
  ])('%s: the same locale in any case, `_` for `-`', (key, locale) => {
    expect(suggestLocale(key)).toBe(locale);
  });

  test.each([
    ['fr-FR', 'fr'],
    ['de-AT', 'de'],
    ['en', 'en-US'],
    ['en-AU', 'en-US'],
    ['pt', 'pt-BR'],
    ['sv', 'sv-SE'],
    ['es', 'es-ES'],
    ['zh', 'zh-CN'],
    ['es-MX', 'es-ES'],
  ])('%s: the service locale of that language, en-US for English, else the first', (key, locale) => {
    expect(suggestLocale(key)).toBe(locale);
  });

  test('no locale of that language: no suggestion', () => {
    expect(suggestLocale('xx')).toBeUndefined();
    expect(suggestLocale('gd-GB')).toBeUndefined();
  });
});

describe('localizedValue', () => {
  test('nothing without a dictionary or a locale', () => {
    expect(localizedValue(null, 'fr')).toBeUndefined();
    expect(localizedValue(undefined, 'fr')).toBeUndefined();
    expect(localizedValue({ fr: 'salut' }, undefined)).toBeUndefined();
    expect(localizedValue({ fr: 'salut' }, '')).toBeUndefined();
  });

  test("the requester's own locale first", () => {
    expect(localizedValue({ fr: 'salut', 'en-GB': 'hello' }, 'fr')).toBe('salut');
    expect(localizedValue({ 'en-US': 'color', 'en-GB': 'colour' }, 'en-US')).toBe('color');
  });

  test('then the documented fallback: en-US and en-GB each other, es-419 to es-ES', () => {
    expect(localizedValue({ 'en-GB': 'colour' }, 'en-US')).toBe('colour');
    expect(localizedValue({ 'en-US': null, 'en-GB': 'colour' }, 'en-US')).toBe('colour');
    expect(localizedValue({ 'en-US': 'color' }, 'en-GB')).toBe('color');
    expect(localizedValue({ 'es-ES': 'hola' }, 'es-419')).toBe('hola');
  });

  test('else none, the default is shown', () => {
    expect(localizedValue({ 'es-419': 'hola' }, 'es-ES')).toBeUndefined();
    expect(localizedValue({ 'en-GB': null }, 'en-US')).toBeUndefined();
    expect(localizedValue({ fr: 'salut' }, 'de')).toBeUndefined();
  });
});
