import { OptionType } from '../enums.js';
import { INTEGER_MAX, INTEGER_MIN, NUMBER_MAX, NUMBER_MIN, type Limits } from '../limits.js';
import { ApiErrors, problem, type Path, type PathSegment, type Problem } from '../problem.js';
import { checkLocalizations } from './localizations.js';
import {
  checkArray,
  checkBoolean,
  checkText,
  describeValue,
  firstNamed,
  namedIndex,
  has,
  isObject,
  pathTo,
  textCheck,
  type Obj,
} from './values.js';

/**
 * What an option's value may be: autocomplete, choices, numeric and length
 * bounds, by option type. These run for every option: a field's path is
 * built only for a finding (see pathTo).
 */

const VALUED = new Set<number>([OptionType.STRING, OptionType.INTEGER, OptionType.NUMBER]);
const NUMERIC = new Set<number>([OptionType.INTEGER, OptionType.NUMBER]);
const CHOICE_NAME = textCheck('choice-name-length', 'Choice name', 1, true, (limits) => limits.choice_name_max);
const STRING_CHOICE_VALUE = textCheck(
  'choice-value',
  'String choice value',
  1,
  true,
  (limits) => limits.choice_string_value_max,
);

/** The service's answer to a field an option of this type may not carry. */
export const NO_OPTIONS_API = ApiErrors.maxLength(0);

export function checkAutocompleteAndChoices(out: Problem[], type: number, opt: Obj, path: Path, limits: Limits): void {
  if (opt.autocomplete != null)
    checkBoolean(out, opt.autocomplete, path, 'option-autocomplete', 'autocomplete', 'autocomplete');
  if (opt.autocomplete === true && !VALUED.has(type)) {
    out.push(
      problem(
        'option-field-type',
        [...path, 'autocomplete'],
        'autocomplete applies only to STRING, INTEGER and NUMBER options.',
        ApiErrors.invalid(
          'Autocomplete is not supported for this option type',
          'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID',
        ),
      ),
    );
  }
  if (!has(opt, 'choices')) return;
  const choices = checkArray(out, opt.choices, path, 'choices-type', 'choices', 'choices');
  if (!choices) return;
  if (!VALUED.has(type)) {
    if (choices.length > 0)
      out.push(
        problem(
          'option-field-type',
          [...path, 'choices'],
          'choices apply only to STRING, INTEGER and NUMBER options.',
          NO_OPTIONS_API,
        ),
      );
    return;
  }
  if (opt.autocomplete === true && choices.length > 0) {
    out.push(
      problem(
        'choices-with-autocomplete',
        [...path, 'autocomplete'],
        'An option with choices cannot also use autocomplete; drop one of them.',
        ApiErrors.invalid(
          'Autocomplete cannot be used with choices',
          'APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE',
        ),
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
  const byName = namedIndex(choices);
  for (let i = 0; i < choices.length; i++) {
    const choice = choices[i];
    const at = path.concat('choices', i);
    if (!isObject(choice)) {
      out.push(
        problem(
          'choice-type',
          at,
          `A choice must be a mapping with name and value, not ${describeValue(choice)}.`,
          ApiErrors.object(),
        ),
      );
      continue;
    }
    const name = checkText(out, choice.name, at, CHOICE_NAME(limits), 'name');
    if (name !== undefined) {
      const first = firstNamed(choices, name, i, byName);
      if (first !== i)
        out.push({
          rule: 'choice-name-unique',
          severity: 'warning',
          path: [...at, 'name'],
          message: `Choice name "${name}" is also used by choice ${first + 1}; users cannot tell them apart.`,
        });
    }
    if (choice.name_localizations != null)
      checkLocalizations(
        out,
        choice.name_localizations,
        at,
        { field: 'choice-name', defaultValue: choice.name, namePattern: false, min: 1, max: limits.choice_name_max },
        'name_localizations',
      );
    checkChoiceValue(out, type, choice.value, at, limits, 'value');
  }
}

function checkChoiceValue(
  out: Problem[],
  type: number,
  value: unknown,
  path: Path,
  limits: Limits,
  key: PathSegment,
): void {
  if (value === undefined || value === null) {
    out.push(problem('choice-value', pathTo(path, key), 'Choice value is required.', ApiErrors.required()));
    return;
  }
  if (type === OptionType.STRING) {
    checkText(out, value, path, STRING_CHOICE_VALUE(limits), key);
    return;
  }
  const integer = type === OptionType.INTEGER;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    out.push(
      problem(
        'choice-value',
        pathTo(path, key),
        `Choice value of an ${integer ? 'INTEGER' : 'NUMBER'} option must be ${integer ? 'an integer' : 'a number'}, not ${describeValue(value)}.`,
        integer ? ApiErrors.integer(value) : ApiErrors.number(value),
      ),
    );
    return;
  }
  checkNumericBounds(out, value, path, key, integer, 'choice-value');
}

function checkNumericBounds(
  out: Problem[],
  value: number,
  path: Path,
  key: PathSegment,
  integer: boolean,
  rule: string,
): void {
  const min = integer ? INTEGER_MIN : NUMBER_MIN;
  const max = integer ? INTEGER_MAX : NUMBER_MAX;
  if (value < min)
    out.push(
      problem(
        rule,
        pathTo(path, key),
        `${value} is below the ${integer ? 'INTEGER' : 'NUMBER'} minimum ${min}.`,
        ApiErrors.numberMin(min),
      ),
    );
  else if (value > max)
    out.push(
      problem(
        rule,
        pathTo(path, key),
        `${value} is above the ${integer ? 'INTEGER' : 'NUMBER'} maximum ${max}.`,
        ApiErrors.numberMax(max),
      ),
    );
}

// The bounds are checked by one function per key rather than a loop over a list of keys: this runs for every option, in V8's interpreter, where a loop over a literal list goes through the iterator protocol.
function checkRange(out: Problem[], type: number, opt: Obj, path: Path, key: 'min_value' | 'max_value'): void {
  if (!has(opt, key)) return;
  if (!NUMERIC.has(type)) {
    out.push(
      problem(
        'option-field-type',
        pathTo(path, key),
        `${key} applies only to INTEGER and NUMBER options.`,
        ApiErrors.invalid(`${key} is not allowed for this option type`, 'BASE_TYPE_INVALID'),
      ),
    );
    return;
  }
  const v = opt[key];
  const integer = type === OptionType.INTEGER;
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    out.push(
      problem(
        'option-range',
        pathTo(path, key),
        `${key} must be ${integer ? 'an integer' : 'a number'}, not ${describeValue(v)}.`,
        integer ? ApiErrors.integer(v) : ApiErrors.number(v),
      ),
    );
    return;
  }
  checkNumericBounds(out, v, path, key, integer, 'option-range');
}

function checkLength(
  out: Problem[],
  type: number,
  opt: Obj,
  path: Path,
  key: 'min_length' | 'max_length',
  floor: number,
  lengthMax: number,
): void {
  if (!has(opt, key)) return;
  if (type !== OptionType.STRING) {
    out.push(
      problem(
        'option-field-type',
        pathTo(path, key),
        `${key} applies only to STRING options.`,
        ApiErrors.invalid(`${key} is not allowed for this option type`, 'BASE_TYPE_INVALID'),
      ),
    );
    return;
  }
  const v = opt[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    out.push(
      problem(
        'option-length-range',
        pathTo(path, key),
        `${key} must be an integer, not ${describeValue(v)}.`,
        ApiErrors.integer(v),
      ),
    );
  } else if (v < floor || v > lengthMax) {
    out.push(
      problem(
        'option-length-range',
        pathTo(path, key),
        `${key} must be between ${floor} and ${lengthMax} (it is ${v}).`,
        v < floor ? ApiErrors.numberMin(floor) : ApiErrors.numberMax(lengthMax),
      ),
    );
  }
}

export function checkRanges(out: Problem[], type: number, opt: Obj, path: Path, limits: Limits): void {
  checkRange(out, type, opt, path, 'min_value');
  checkRange(out, type, opt, path, 'max_value');
  if (typeof opt.min_value === 'number' && typeof opt.max_value === 'number' && opt.min_value > opt.max_value) {
    out.push(
      problem(
        'option-range',
        [...path, 'min_value'],
        `min_value ${opt.min_value} is greater than max_value ${opt.max_value}.`,
        ApiErrors.invalid(
          'min_value must be less than or equal to max_value',
          'APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID',
        ),
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
        ApiErrors.invalid(
          'min_length must be less than or equal to max_length',
          'APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID',
        ),
      ),
    );
  }
}
