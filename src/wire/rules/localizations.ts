import { defaultStopsFallback, isLocale, LOCALES, suggestLocale } from '../locales.js';
import {
  apostropheWarning,
  firstInvalidNameChar,
  hasAsciiApostrophe,
  isBlank,
  lengthWithin,
  matchesNamePattern,
  textLength,
  uppercaseChars,
} from '../naming.js';
import { ApiErrors, problem, warning, type Path, type PathSegment, type Problem } from '../problem.js';
import { describeValue, isObject, pathTo } from './values.js';

export type LocalizedField = 'name' | 'description' | 'choice-name';

export interface LocalizationCheck {
  field: LocalizedField;
  /** The default (unlocalized) value, to warn about entries equal to it. */
  defaultValue: unknown;
  /** Chat-input names follow the naming pattern and lowercase rule in every locale. */
  namePattern: boolean;
  min: number;
  max: number;
}

/** Where an entry of the dictionary at `path` + `key` sits. */
function entryPath(path: Path, key: PathSegment | undefined, locale: string): Path {
  return key === undefined ? [...path, locale] : [...path, key, locale];
}

/**
 * `name_localizations` / `description_localizations`: a dictionary keyed by
 * the 32 locales, or null. Each value obeys the rules of the default field.
 * The dictionary sits at `path` + `key` (see pathTo); paths are built only
 * for findings.
 */
export function checkLocalizations(
  out: Problem[],
  dict: unknown,
  path: Path,
  check: LocalizationCheck,
  key?: PathSegment,
): void {
  if (dict === undefined || dict === null) return;
  const label = check.field === 'description' ? 'Localized description' : 'Localized name';
  if (!isObject(dict)) {
    const at = pathTo(path, key);
    out.push(
      problem(
        'localization-type',
        at,
        `${at.at(-1)} must be a mapping of locale to text, not ${describeValue(dict)}.`,
        ApiErrors.object(),
      ),
    );
    return;
  }
  for (const locale in dict) {
    const value = dict[locale];
    if (!isLocale(locale)) {
      const hint = suggestLocale(locale);
      out.push({
        ...problem(
          'localization-locale',
          entryPath(path, key, locale),
          `"${locale}" is not a locale the service knows${hint ? `; did you mean "${hint}"?` : ` (known: ${LOCALES.join(', ')}).`}`,
          ApiErrors.choices(LOCALES),
        ),
        atKey: true,
      });
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') {
      out.push(
        problem(
          'localization-type',
          entryPath(path, key, locale),
          `${label} for ${locale} must be a string, not ${describeValue(value)}.`,
          ApiErrors.string(),
        ),
      );
      continue;
    }
    // Context-menu names are trimmed by the service (facts §10), their translations too: a blank one is empty.
    const blankMenuName = check.field === 'name' && !check.namePattern && value.length > 0 && isBlank(value);
    if (blankMenuName || !lengthWithin(value, check.min, check.max)) {
      const len = textLength(value);
      out.push(
        problem(
          check.field === 'description' ? 'description-length' : 'name-length',
          entryPath(path, key, locale),
          blankMenuName
            ? `${label} for ${locale} is blank; the service trims it to nothing.`
            : `${label} for ${locale} must be ${check.min}-${check.max} characters long (it has ${len}).`,
          ApiErrors.badLength(check.min, check.max),
        ),
      );
    } else if (check.namePattern) {
      // The service reports a bad localized name once, at the dictionary, not per locale (apiPath).
      if (!matchesNamePattern(value)) {
        const bad = firstInvalidNameChar(value);
        out.push({
          ...problem(
            'name-pattern',
            entryPath(path, key, locale),
            `Localized name for ${locale} "${value}" has a character names may not use${bad ? ` (${JSON.stringify(bad)})` : ''}: only letters, numbers, - _ and '.`,
            ApiErrors.invalidName(),
          ),
          apiPath: pathTo(path, key),
        });
      } else {
        const upper = uppercaseChars(value);
        if (upper.length > 0) {
          out.push({
            ...problem(
              'name-lowercase',
              entryPath(path, key, locale),
              `Localized name for ${locale} "${value}" must be lowercase (found ${upper.join('')}).`,
              ApiErrors.invalidName(),
            ),
            apiPath: pathTo(path, key),
          });
        }
        if (hasAsciiApostrophe(value))
          out.push(
            warning(
              'name-apostrophe',
              entryPath(path, key, locale),
              apostropheWarning(`Localized name for ${locale} "${value}"`),
            ),
          );
      }
    }
    if (value === check.defaultValue && !defaultStopsFallback(dict, locale, check.defaultValue)) {
      out.push({
        rule: 'localization-equals-default',
        severity: 'warning',
        path: entryPath(path, key, locale),
        message: `${label} for ${locale} equals the default; the service ignores it, so it will not round-trip.`,
      });
    }
  }
}

/** Reads a dictionary's string values, ignoring anything malformed (already reported). */
export function localizedStrings(dict: unknown): Array<[string, string]> {
  if (!isObject(dict)) return [];
  return Object.entries(dict).filter((e): e is [string, string] => typeof e[1] === 'string');
}
