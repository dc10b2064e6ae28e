import type { Limits } from '../limits.js';
import {
  apostropheWarning,
  firstInvalidNameChar,
  hasAsciiApostrophe,
  matchesNamePattern,
  uppercaseChars,
} from '../naming.js';
import { ApiErrors, problem, warning, type Path, type PathSegment, type Problem } from '../problem.js';
import { checkText, isObject, pathTo, textCheck, type Obj } from './values.js';

const REQUIRED_NAME = textCheck('name-length', 'Name', 1, true, (limits) => limits.name_max);
const NAME = textCheck('name-length', 'Name', 1, false, (limits) => limits.name_max);

/** Name rules shared by CHAT_INPUT commands and every option. The name sits at `path` + `key` (see pathTo). */
export function checkChatInputName(
  out: Problem[],
  name: unknown,
  path: Path,
  limits: Limits,
  required: boolean,
  key?: PathSegment,
): void {
  const value = checkText(out, name, path, required ? REQUIRED_NAME(limits) : NAME(limits), key);
  if (value === undefined || value.length === 0) return;
  if (!matchesNamePattern(value)) {
    const bad = firstInvalidNameChar(value);
    const why = bad === ' ' ? ' (spaces are not allowed; use - or _)' : bad ? ` (${JSON.stringify(bad)})` : '';
    out.push(
      problem(
        'name-pattern',
        pathTo(path, key),
        `Name "${value}" has a character slash-command names may not use${why}: only letters, numbers, - _ and '.`,
        ApiErrors.regex(),
      ),
    );
    return;
  }
  const upper = uppercaseChars(value);
  if (upper.length > 0) {
    out.push(
      problem(
        'name-lowercase',
        pathTo(path, key),
        `Name "${value}" must be lowercase: write "${value.toLowerCase()}".`,
        ApiErrors.invalidName(),
      ),
    );
  }
  // The spec allows it; the live service was seen refusing it. No `api`: the emulator accepts it (docs/deviations.md).
  if (hasAsciiApostrophe(value))
    out.push(warning('name-apostrophe', pathTo(path, key), apostropheWarning(`Name "${value}"`)));
}

/**
 * Localized option names are unique per command, not per list (spec,
 * Localization): a localized name may not be the default name of another
 * option anywhere in the command, nor another option's name in the same
 * locale. Options that share their default name (the same option under two
 * subcommands) may share its translations too.
 */
export function checkLocalizedOptionNames(out: Problem[], value: unknown, path: Path): void {
  // Most commands localize no option name: nothing to compare, and nothing built.
  if (!localizesAnOptionName(value, 0)) return;
  // Every option of the command, parents before children, with its index in its list and its parent's place in
  // `all` (-1: the command's own list). Paths are built from these only for a finding: this runs for every command.
  const all: Obj[] = [];
  const indices: number[] = [];
  const parents: number[] = [];
  const walk = (list: unknown, parent: number, depth: number) => {
    if (!Array.isArray(list) || depth > 3) return;
    for (let i = 0; i < list.length; i++) {
      const o = list[i];
      if (!isObject(o)) continue;
      const at = all.length;
      all.push(o);
      indices.push(i);
      parents.push(parent);
      walk(o.options, at, depth + 1);
    }
  };
  walk(value, -1, 0);
  const pathOf = (k: number): Path => {
    const tail: PathSegment[] = [];
    for (let at = k; at !== -1; at = parents[at]) {
      tail.unshift(indices[at]);
      if (parents[at] !== -1) tail.unshift('options');
    }
    return path.concat(tail);
  };
  const defaults = new Map<string, number>();
  for (let k = 0; k < all.length; k++) {
    const name = all[k].name;
    if (typeof name === 'string' && !defaults.has(name)) defaults.set(name, k);
  }
  const perLocale = new Map<string, Map<string, { name: unknown; at: number }>>();
  const where = (k: number) =>
    pathOf(k)
      .filter((s) => typeof s === 'number')
      .map((n) => Number(n) + 1)
      .join('.');
  for (let k = 0; k < all.length; k++) {
    const o = all[k];
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
            [...pathOf(k), 'name_localizations', locale],
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
            [...pathOf(k), 'name_localizations', locale],
            `Localized name "${localized}" (${locale}) is also the ${locale} name of option ${where(prev.at)} of this command.`,
            ApiErrors.invalid('Localized option names must be unique', 'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME'),
          ),
        );
      } else if (prev === undefined) names.set(localized, { name: o.name, at: k });
    }
  }
}

/** Whether an option in `list` (at most as deep as the walk above goes) has a name_localizations mapping. */
function localizesAnOptionName(list: unknown, depth: number): boolean {
  if (!Array.isArray(list) || depth > 3) return false;
  for (let i = 0; i < list.length; i++) {
    const o = list[i];
    if (isObject(o) && (isObject(o.name_localizations) || localizesAnOptionName(o.options, depth + 1))) return true;
  }
  return false;
}
