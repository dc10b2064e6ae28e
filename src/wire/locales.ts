import type { Obj } from './rules/values.js';
/** The 32 locales the service accepts as localization keys (facts §4.2). Keys are case-sensitive. */
export const LOCALES = [
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
] as const;
export type Locale = (typeof LOCALES)[number];

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

export function isLocale(key: string): key is Locale {
  return LOCALE_SET.has(key);
}

/** A locale missing from a dictionary falls back to this one before the default value. */
export const LOCALE_FALLBACK: Readonly<Partial<Record<Locale, Locale>>> = {
  'en-US': 'en-GB',
  'en-GB': 'en-US',
  'es-419': 'es-ES',
};

/** Case-insensitive match, so `pt_br` can be suggested as `pt-BR`. */
export function suggestLocale(key: string): Locale | undefined {
  const k = key.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === k);
  if (exact) return exact;
  // `fr-FR` → `fr`, `en` → `en-US`, `pt` → `pt-BR`: the service's locale for that language.
  const language = k.split('-')[0];
  const same = LOCALES.filter((l) => l.toLowerCase().split('-')[0] === language);
  return same.find((l) => l.toLowerCase() === language) ?? same.find((l) => l === 'en-US') ?? same[0];
}

/**
 * Picks the value a requester with `locale` sees: the exact key, then the
 * documented fallback, else undefined (the default is shown).
 */
export function localizedValue(
  dict: Readonly<Record<string, string | null>> | null | undefined,
  locale: string | undefined,
): string | undefined {
  if (!dict || !locale) return undefined;
  const direct = dict[locale];
  if (typeof direct === 'string') return direct;
  const fb = LOCALE_FALLBACK[locale as Locale];
  const viaFallback = fb ? dict[fb] : undefined;
  return typeof viaFallback === 'string' ? viaFallback : undefined;
}

/**
 * Whether `dict[locale]`, equal to the default value, still means something:
 * without it a requester of `locale` would fall back to another locale's
 * different value (spec, Localization: "A default value should be supplied
 * under its own locale key to avoid an unexpected fallback"). Other entries
 * equal to the default are ignored by the service.
 */
export function defaultStopsFallback(dict: Readonly<Obj>, locale: string, defaultValue: unknown): boolean {
  const fb = LOCALE_FALLBACK[locale as Locale];
  const other = fb ? dict[fb] : undefined;
  return typeof other === 'string' && other !== defaultValue;
}
