import type { Limits } from '../limits.js';
import { apostropheWarning, firstInvalidNameChar, hasAsciiApostrophe, matchesNamePattern, uppercaseChars } from '../naming.js';
import { ApiErrors, problem, warning, type Path, type Problem } from '../problem.js';
import { checkText, isObject, type Obj } from './values.js';

/** Name rules shared by CHAT_INPUT commands and every option. */
export function checkChatInputName(out: Problem[], name: unknown, path: Path, limits: Limits, required: boolean): void {
  const value = checkText(out, name, path, { rule: 'name-length', label: 'Name', min: 1, max: limits.name_max, required });
  if (value === undefined || value.length === 0) return;
  if (!matchesNamePattern(value)) {
    const bad = firstInvalidNameChar(value);
    const why = bad === ' ' ? ' (spaces are not allowed; use - or _)' : bad ? ` (${JSON.stringify(bad)})` : '';
    out.push(problem('name-pattern', path, `Name "${value}" has a character slash-command names may not use${why}: only letters, numbers, - _ and '.`, ApiErrors.regex()));
    return;
  }
  const upper = uppercaseChars(value);
  if (upper.length > 0) {
    out.push(problem('name-lowercase', path, `Name "${value}" must be lowercase: write "${value.toLowerCase()}".`, ApiErrors.invalidName()));
  }
  // The spec allows it; the live service was seen refusing it. No `api`: the emulator accepts it (docs/deviations.md).
  if (hasAsciiApostrophe(value)) out.push(warning('name-apostrophe', path, apostropheWarning(`Name "${value}"`)));
}

/**
 * Localized option names are unique per command, not per list (spec,
 * Localization): a localized name may not be the default name of another
 * option anywhere in the command, nor another option's name in the same
 * locale. Options that share their default name (the same option under two
 * subcommands) may share its translations too.
 */
export function checkLocalizedOptionNames(out: Problem[], value: unknown, path: Path): void {
  const all: Array<{ o: Obj; path: Path }> = [];
  const walk = (list: unknown, at: Path, depth: number) => {
    if (!Array.isArray(list) || depth > 3) return;
    list.forEach((o, i) => {
      if (!isObject(o)) return;
      all.push({ o, path: [...at, i] });
      walk(o.options, [...at, i, 'options'], depth + 1);
    });
  };
  walk(value, path, 0);
  const defaults = new Map<string, Path>();
  for (const { o, path: at } of all) if (typeof o.name === 'string' && !defaults.has(o.name)) defaults.set(o.name, at);
  const perLocale = new Map<string, Map<string, { name: unknown; path: Path }>>();
  const where = (at: Path) =>
    at
      .filter((s) => typeof s === 'number')
      .map((n) => Number(n) + 1)
      .join('.');
  for (const { o, path: at } of all) {
    if (!isObject(o.name_localizations)) continue;
    const dict = o.name_localizations;
    for (const locale in dict) {
      const localized = dict[locale];
      if (typeof localized !== 'string' || localized === o.name) continue;
      const owner = defaults.get(localized);
      if (owner !== undefined) {
        out.push(
          problem(
            'localized-option-name-clash',
            [...at, 'name_localizations', locale],
            `Localized name "${localized}" (${locale}) is the default name of option ${where(owner)} of this command.`,
            ApiErrors.invalid('Localized option names must be unique', 'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME'),
          ),
        );
        continue;
      }
      let names = perLocale.get(locale);
      if (!names) perLocale.set(locale, (names = new Map()));
      const prev = names.get(localized);
      if (prev !== undefined && prev.name !== o.name) {
        out.push(
          problem(
            'localized-option-name-clash',
            [...at, 'name_localizations', locale],
            `Localized name "${localized}" (${locale}) is also the ${locale} name of option ${where(prev.path)} of this command.`,
            ApiErrors.invalid('Localized option names must be unique', 'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME'),
          ),
        );
      } else if (prev === undefined) names.set(localized, { name: o.name, path: at });
    }
  }
}
