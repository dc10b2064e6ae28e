import { ChannelType, OptionType, describeEnum } from '../enums.js';
import { INTEGER_MAX, INTEGER_MIN, NUMBER_MAX, NUMBER_MIN, type Limits } from '../limits.js';
import { apostropheWarning, firstInvalidNameChar, hasAsciiApostrophe, matchesNamePattern, uppercaseChars } from '../naming.js';
import { ApiErrors, problem, valueText, warning, type Path, type Problem } from '../problem.js';
import { checkLocalizations } from './localizations.js';
import { checkArray, checkBoolean, checkEnumList, checkText, describeValue, has, isObject, type Obj } from './values.js';

/** Where an options array sits, which decides what it may hold (spec rule A.8). */
export type OptionLevel = 'command' | 'group' | 'subcommand';

const OPTION_TYPES = Object.values(OptionType) as number[];
const VALUED = new Set<number>([OptionType.STRING, OptionType.INTEGER, OptionType.NUMBER]);
const NUMERIC = new Set<number>([OptionType.INTEGER, OptionType.NUMBER]);
const CONTAINERS = new Set<number>([OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP]);

const NO_OPTIONS_API = ApiErrors.maxLength(0);

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

export function validateOptions(out: Problem[], value: unknown, path: Path, level: OptionLevel, limits: Limits): void {
  const options = checkArray(out, value, path, 'options-type', 'options');
  if (!options) return;
  if (options.length > limits.options_per_level) {
    out.push(
      problem('options-max', path, `At most ${limits.options_per_level} options are allowed here (found ${options.length}).`, ApiErrors.maxLength(limits.options_per_level)),
    );
  }
  for (let i = 0; i < options.length; i++) validateOption(out, options[i], [...path, i], level, limits);
  checkOptionSiblings(out, options, path, level);
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

function checkOptionSiblings(out: Problem[], options: unknown[], path: Path, level: OptionLevel): void {
  // Plain loops over the objects among the options: this runs for every options list, at every level.
  let objects = 0;
  let containers = 0;
  for (const o of options) {
    if (!isObject(o)) continue;
    objects++;
    if (CONTAINERS.has(o.type as number)) containers++;
  }
  if (level === 'command' && containers > 0 && containers < objects) {
    options.forEach((o, i) => {
      if (isObject(o) && !CONTAINERS.has(o.type as number)) {
        out.push(
          problem(
            'options-mixed',
            [...path, i, 'type'],
            `Option "${valueText(o.name)}" sits beside subcommands; a command with subcommands or groups takes no other options.`,
            ApiErrors.choices([1, 2]),
          ),
        );
      }
    });
  }

  // Defaults first, then localized names, so a clash names the earlier option.
  const defaults = new Map<string, number>();
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (!isObject(o) || typeof o.name !== 'string') continue;
    const first = defaults.get(o.name);
    if (first !== undefined) {
      out.push(
        problem(
          'option-name-unique',
          [...path, i, 'name'],
          `Option name "${o.name}" is already used by option ${first + 1} in this list.`,
          ApiErrors.invalid('Option names must be unique', 'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME'),
        ),
      );
    } else defaults.set(o.name, i);
  }
  let optionalSeen: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (!isObject(o) || CONTAINERS.has(o.type as number)) continue;
    if (o.required === true && optionalSeen !== undefined) {
      // The service reports it on the option itself (options.<index>._errors), facts §1.2.
      out.push({
        ...problem(
          'options-required-order',
          [...path, i, 'required'],
          `Required option "${valueText(o.name)}" comes after optional option "${optionalSeen}"; list required options first.`,
          { code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', message: 'Required options must be placed before non-required options' },
        ),
        apiPath: [...path, i],
      });
      continue;
    }
    if (o.required !== true && optionalSeen === undefined) optionalSeen = valueText(o.name);
  }
}

function validateOption(out: Problem[], opt: unknown, path: Path, level: OptionLevel, limits: Limits): void {
  if (!isObject(opt)) {
    out.push(problem('option-type', path, `An option must be a mapping, not ${describeValue(opt)}.`, ApiErrors.object()));
    return;
  }
  const type = opt.type;
  if (type === undefined || type === null) {
    out.push(problem('option-type', [...path, 'type'], 'Option type is required.', ApiErrors.required()));
  } else if (typeof type !== 'number' || !OPTION_TYPES.includes(type)) {
    out.push(problem('option-type', [...path, 'type'], `Option type ${describeValue(type)} is not one of ${describeEnum(OptionType)}.`, ApiErrors.choices(OPTION_TYPES)));
  }
  checkChatInputName(out, opt.name, [...path, 'name'], limits, true);
  checkText(out, opt.description, [...path, 'description'], { rule: 'description-length', label: 'Option description', min: 1, max: limits.description_max, required: true });
  // Absent fields are skipped here rather than in the checks, so no path is built for them (this runs for every option).
  if (opt.name_localizations != null)
    checkLocalizations(out, opt.name_localizations, [...path, 'name_localizations'], { field: 'name', defaultValue: opt.name, namePattern: true, min: 1, max: limits.name_max });
  if (opt.description_localizations != null)
    checkLocalizations(out, opt.description_localizations, [...path, 'description_localizations'], {
      field: 'description',
      defaultValue: opt.description,
      namePattern: false,
      min: 1,
      max: limits.description_max,
    });
  if (typeof type !== 'number' || !OPTION_TYPES.includes(type)) return;

  checkNesting(out, type, opt, path, level);
  if (opt.required != null) checkBoolean(out, opt.required, [...path, 'required'], 'option-required', 'required');
  if (CONTAINERS.has(type) && has(opt, 'required')) {
    out.push(
      problem(
        'option-required-container',
        [...path, 'required'],
        `A ${type === 1 ? 'subcommand' : 'subcommand group'} cannot be required; remove "required".`,
        ApiErrors.invalid('Subcommands and groups cannot be required', 'APPLICATION_COMMAND_OPTION_REQUIRED_INVALID'),
      ),
    );
  }

  if (CONTAINERS.has(type)) {
    validateOptions(out, opt.options, [...path, 'options'], type === OptionType.SUB_COMMAND_GROUP ? 'group' : 'subcommand', limits);
  } else if (Array.isArray(opt.options) ? opt.options.length > 0 : has(opt, 'options')) {
    out.push(problem('option-field-type', [...path, 'options'], 'Only subcommands and groups hold nested options.', NO_OPTIONS_API));
  }

  checkAutocompleteAndChoices(out, type, opt, path, limits);
  checkRanges(out, type, opt, path, limits);
  if (has(opt, 'channel_types')) {
    if (type !== OptionType.CHANNEL) {
      out.push(problem('option-field-type', [...path, 'channel_types'], 'channel_types applies only to CHANNEL options.', NO_OPTIONS_API));
    } else {
      const list = checkArray(out, opt.channel_types, [...path, 'channel_types'], 'channel-types', 'channel_types');
      if (list) checkEnumList(out, list, [...path, 'channel_types'], 'channel-types', 'Channel type', ChannelType);
    }
  }
}

function checkNesting(out: Problem[], type: number, opt: Obj, path: Path, level: OptionLevel): void {
  const at = (): Path => [...path, 'type'];
  if (type === OptionType.SUB_COMMAND_GROUP && level !== 'command') {
    const where = level === 'group' ? 'another group' : 'a subcommand';
    out.push(
      problem('option-nesting', at(), `Group "${valueText(opt.name)}" cannot sit inside ${where}; groups hold subcommands and sit only at the top level.`, ApiErrors.choices([1])),
    );
  } else if (type === OptionType.SUB_COMMAND && level === 'subcommand') {
    out.push(problem('option-nesting', at(), `Subcommand "${valueText(opt.name)}" cannot sit inside another subcommand.`, ApiErrors.choices(OPTION_TYPES.filter((t) => t > 2))));
  } else if (level === 'group' && type !== OptionType.SUB_COMMAND) {
    out.push(problem('option-nesting', at(), `Group members must be subcommands; "${valueText(opt.name)}" is not.`, ApiErrors.choices([1])));
  }
}

function checkAutocompleteAndChoices(out: Problem[], type: number, opt: Obj, path: Path, limits: Limits): void {
  if (opt.autocomplete != null) checkBoolean(out, opt.autocomplete, [...path, 'autocomplete'], 'option-autocomplete', 'autocomplete');
  if (opt.autocomplete === true && !VALUED.has(type)) {
    out.push(
      problem(
        'option-field-type',
        [...path, 'autocomplete'],
        'autocomplete applies only to STRING, INTEGER and NUMBER options.',
        ApiErrors.invalid('Autocomplete is not supported for this option type', 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID'),
      ),
    );
  }
  if (!has(opt, 'choices')) return;
  const choices = checkArray(out, opt.choices, [...path, 'choices'], 'choices-type', 'choices');
  if (!choices) return;
  if (!VALUED.has(type)) {
    if (choices.length > 0) out.push(problem('option-field-type', [...path, 'choices'], 'choices apply only to STRING, INTEGER and NUMBER options.', NO_OPTIONS_API));
    return;
  }
  if (opt.autocomplete === true && choices.length > 0) {
    out.push(
      problem(
        'choices-with-autocomplete',
        [...path, 'autocomplete'],
        'An option with choices cannot also use autocomplete; drop one of them.',
        ApiErrors.invalid('Autocomplete cannot be used with choices', 'APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE'),
      ),
    );
  }
  if (choices.length > limits.choices_per_option) {
    out.push(
      problem(
        'choices-max',
        [...path, 'choices'],
        `At most ${limits.choices_per_option} choices are allowed (found ${choices.length}).`,
        ApiErrors.maxLength(limits.choices_per_option),
      ),
    );
  }
  const names = new Map<string, number>();
  for (let i = 0; i < choices.length; i++) {
    const choice = choices[i];
    const at = [...path, 'choices', i];
    if (!isObject(choice)) {
      out.push(problem('choice-type', at, `A choice must be a mapping with name and value, not ${describeValue(choice)}.`, ApiErrors.object()));
      continue;
    }
    const name = checkText(out, choice.name, [...at, 'name'], { rule: 'choice-name-length', label: 'Choice name', min: 1, max: limits.choice_name_max, required: true });
    if (name !== undefined) {
      const first = names.get(name);
      if (first !== undefined)
        out.push({
          rule: 'choice-name-unique',
          severity: 'warning',
          path: [...at, 'name'],
          message: `Choice name "${name}" is also used by choice ${first + 1}; users cannot tell them apart.`,
        });
      else names.set(name, i);
    }
    if (choice.name_localizations != null)
      checkLocalizations(out, choice.name_localizations, [...at, 'name_localizations'], {
        field: 'choice-name',
        defaultValue: choice.name,
        namePattern: false,
        min: 1,
        max: limits.choice_name_max,
      });
    checkChoiceValue(out, type, choice.value, [...at, 'value'], limits);
  }
}

function checkChoiceValue(out: Problem[], type: number, value: unknown, path: Path, limits: Limits): void {
  if (value === undefined || value === null) {
    out.push(problem('choice-value', path, 'Choice value is required.', ApiErrors.required()));
    return;
  }
  if (type === OptionType.STRING) {
    checkText(out, value, path, { rule: 'choice-value', label: 'String choice value', min: 1, max: limits.choice_string_value_max, required: true });
    return;
  }
  const integer = type === OptionType.INTEGER;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    out.push(
      problem(
        'choice-value',
        path,
        `Choice value of an ${integer ? 'INTEGER' : 'NUMBER'} option must be ${integer ? 'an integer' : 'a number'}, not ${describeValue(value)}.`,
        integer ? ApiErrors.integer(value) : ApiErrors.number(value),
      ),
    );
    return;
  }
  checkNumericBounds(out, value, path, integer, 'choice-value');
}

function checkNumericBounds(out: Problem[], value: number, path: Path, integer: boolean, rule: string): void {
  const min = integer ? INTEGER_MIN : NUMBER_MIN;
  const max = integer ? INTEGER_MAX : NUMBER_MAX;
  if (value < min) out.push(problem(rule, path, `${value} is below the ${integer ? 'INTEGER' : 'NUMBER'} minimum ${min}.`, ApiErrors.numberMin(min)));
  else if (value > max) out.push(problem(rule, path, `${value} is above the ${integer ? 'INTEGER' : 'NUMBER'} maximum ${max}.`, ApiErrors.numberMax(max)));
}

// The bounds are checked by one function per key rather than a loop over a list of keys: this runs for every option, in V8's interpreter, where a loop over a literal list goes through the iterator protocol.
function checkRange(out: Problem[], type: number, opt: Obj, path: Path, key: 'min_value' | 'max_value'): void {
  if (!has(opt, key)) return;
  const at = [...path, key];
  if (!NUMERIC.has(type)) {
    out.push(
      problem('option-field-type', at, `${key} applies only to INTEGER and NUMBER options.`, ApiErrors.invalid(`${key} is not allowed for this option type`, 'BASE_TYPE_INVALID')),
    );
    return;
  }
  const v = opt[key];
  const integer = type === OptionType.INTEGER;
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    out.push(problem('option-range', at, `${key} must be ${integer ? 'an integer' : 'a number'}, not ${describeValue(v)}.`, integer ? ApiErrors.integer(v) : ApiErrors.number(v)));
    return;
  }
  checkNumericBounds(out, v, at, integer, 'option-range');
}

function checkLength(out: Problem[], type: number, opt: Obj, path: Path, key: 'min_length' | 'max_length', floor: number, lengthMax: number): void {
  if (!has(opt, key)) return;
  const at = [...path, key];
  if (type !== OptionType.STRING) {
    out.push(problem('option-field-type', at, `${key} applies only to STRING options.`, ApiErrors.invalid(`${key} is not allowed for this option type`, 'BASE_TYPE_INVALID')));
    return;
  }
  const v = opt[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    out.push(problem('option-length-range', at, `${key} must be an integer, not ${describeValue(v)}.`, ApiErrors.integer(v)));
  } else if (v < floor || v > lengthMax) {
    out.push(
      problem('option-length-range', at, `${key} must be between ${floor} and ${lengthMax} (it is ${v}).`, v < floor ? ApiErrors.numberMin(floor) : ApiErrors.numberMax(lengthMax)),
    );
  }
}

function checkRanges(out: Problem[], type: number, opt: Obj, path: Path, limits: Limits): void {
  checkRange(out, type, opt, path, 'min_value');
  checkRange(out, type, opt, path, 'max_value');
  if (typeof opt.min_value === 'number' && typeof opt.max_value === 'number' && opt.min_value > opt.max_value) {
    out.push(
      problem(
        'option-range',
        [...path, 'min_value'],
        `min_value ${opt.min_value} is greater than max_value ${opt.max_value}.`,
        ApiErrors.invalid('min_value must be less than or equal to max_value', 'APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID'),
      ),
    );
  }
  checkLength(out, type, opt, path, 'min_length', 0, limits.string_option_length_max);
  checkLength(out, type, opt, path, 'max_length', 1, limits.string_option_length_max);
  if (typeof opt.min_length === 'number' && typeof opt.max_length === 'number' && opt.min_length > opt.max_length) {
    out.push(
      problem(
        'option-length-range',
        [...path, 'min_length'],
        `min_length ${opt.min_length} is greater than max_length ${opt.max_length}.`,
        ApiErrors.invalid('min_length must be less than or equal to max_length', 'APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID'),
      ),
    );
  }
}
