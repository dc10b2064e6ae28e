import { ChannelType, OptionType, describeEnum } from '../enums.js';
import type { Limits } from '../limits.js';
import { ApiErrors, problem, valueText, type Path, type Problem } from '../problem.js';
import { checkLocalizations } from './localizations.js';
import { checkChatInputName } from './option-names.js';
import { NO_OPTIONS_API, checkAutocompleteAndChoices, checkRanges } from './option-values.js';
import {
  checkArray,
  checkBoolean,
  checkEnumList,
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

/** Where an options array sits, which decides what it may hold (spec rule A.8). */
export type OptionLevel = 'command' | 'group' | 'subcommand';

const OPTION_TYPES = Object.values(OptionType) as number[];
const DESCRIPTION = textCheck('description-length', 'Option description', 1, true, (limits) => limits.description_max);
const CONTAINERS = new Set<number>([OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP]);

export function validateOptions(out: Problem[], value: unknown, path: Path, level: OptionLevel, limits: Limits): void {
  const options = checkArray(out, value, path, 'options-type', 'options');
  if (!options) return;
  if (options.length > limits.options_per_level) {
    out.push(
      problem(
        'options-max',
        path,
        `At most ${limits.options_per_level} options are allowed here (found ${options.length}).`,
        ApiErrors.maxLength(limits.options_per_level),
      ),
    );
  }
  for (let i = 0; i < options.length; i++) validateOption(out, options[i], pathTo(path, i), level, limits);
  checkOptionSiblings(out, options, path, level);
}

function checkOptionSiblings(out: Problem[], options: unknown[], path: Path, level: OptionLevel): void {
  // Plain loops over the objects among the options: this runs for every options list, at every level.
  let objects = 0;
  let containers = 0;
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
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
  const byName = namedIndex(options);
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (!isObject(o) || typeof o.name !== 'string') continue;
    const first = firstNamed(options, o.name, i, byName);
    if (first !== i) {
      out.push(
        problem(
          'option-name-unique',
          [...path, i, 'name'],
          `Option name "${o.name}" is already used by option ${first + 1} in this list.`,
          ApiErrors.invalid('Option names must be unique', 'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME'),
        ),
      );
    }
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
          {
            code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
            message: 'Required options must be placed before non-required options',
          },
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
    out.push(
      problem('option-type', path, `An option must be a mapping, not ${describeValue(opt)}.`, ApiErrors.object()),
    );
    return;
  }
  const type = opt.type;
  if (type === undefined || type === null) {
    out.push(problem('option-type', [...path, 'type'], 'Option type is required.', ApiErrors.required()));
  } else if (typeof type !== 'number' || !OPTION_TYPES.includes(type)) {
    out.push(
      problem(
        'option-type',
        [...path, 'type'],
        `Option type ${describeValue(type)} is not one of ${describeEnum(OptionType)}.`,
        ApiErrors.choices(OPTION_TYPES),
      ),
    );
  }
  // Each check is given the option's path and its field's key, and builds the field's path only for a finding (this runs for every option).
  checkChatInputName(out, opt.name, path, limits, true, 'name');
  checkText(out, opt.description, path, DESCRIPTION(limits), 'description');
  if (opt.name_localizations != null)
    checkLocalizations(
      out,
      opt.name_localizations,
      path,
      { field: 'name', defaultValue: opt.name, namePattern: true, min: 1, max: limits.name_max },
      'name_localizations',
    );
  if (opt.description_localizations != null)
    checkLocalizations(
      out,
      opt.description_localizations,
      path,
      { field: 'description', defaultValue: opt.description, namePattern: false, min: 1, max: limits.description_max },
      'description_localizations',
    );
  if (typeof type !== 'number' || !OPTION_TYPES.includes(type)) return;

  checkNesting(out, type, opt, path, level);
  if (opt.required != null) checkBoolean(out, opt.required, path, 'option-required', 'required', 'required');
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
    validateOptions(
      out,
      opt.options,
      pathTo(path, 'options'),
      type === OptionType.SUB_COMMAND_GROUP ? 'group' : 'subcommand',
      limits,
    );
  } else if (Array.isArray(opt.options) ? opt.options.length > 0 : has(opt, 'options')) {
    out.push(
      problem(
        'option-field-type',
        [...path, 'options'],
        'Only subcommands and groups hold nested options.',
        NO_OPTIONS_API,
      ),
    );
  }

  checkAutocompleteAndChoices(out, type, opt, path, limits);
  checkRanges(out, type, opt, path, limits);
  if (has(opt, 'channel_types')) {
    if (type !== OptionType.CHANNEL) {
      out.push(
        problem(
          'option-field-type',
          [...path, 'channel_types'],
          'channel_types applies only to CHANNEL options.',
          NO_OPTIONS_API,
        ),
      );
    } else {
      const list = checkArray(out, opt.channel_types, path, 'channel-types', 'channel_types', 'channel_types');
      if (list) checkEnumList(out, list, path, 'channel-types', 'Channel type', ChannelType, 'channel_types');
    }
  }
}

function checkNesting(out: Problem[], type: number, opt: Obj, path: Path, level: OptionLevel): void {
  if (type === OptionType.SUB_COMMAND_GROUP && level !== 'command') {
    const where = level === 'group' ? 'another group' : 'a subcommand';
    out.push(
      problem(
        'option-nesting',
        pathTo(path, 'type'),
        `Group "${valueText(opt.name)}" cannot sit inside ${where}; groups hold subcommands and sit only at the top level.`,
        ApiErrors.choices([1]),
      ),
    );
  } else if (type === OptionType.SUB_COMMAND && level === 'subcommand') {
    out.push(
      problem(
        'option-nesting',
        pathTo(path, 'type'),
        `Subcommand "${valueText(opt.name)}" cannot sit inside another subcommand.`,
        ApiErrors.choices(OPTION_TYPES.filter((t) => t > 2)),
      ),
    );
  } else if (level === 'group' && type !== OptionType.SUB_COMMAND) {
    out.push(
      problem(
        'option-nesting',
        pathTo(path, 'type'),
        `Group members must be subcommands; "${valueText(opt.name)}" is not.`,
        ApiErrors.choices([1]),
      ),
    );
  }
}
