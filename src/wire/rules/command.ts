import { CommandType, EntryPointHandler, describeEnum } from '../enums.js';
import type { Limits } from '../limits.js';
import { isBlank } from '../naming.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import type { Scope } from '../scope.js';
import { isSnowflake } from '../snowflake.js';
import { checkLocalizations, localizedStrings } from './localizations.js';
import { checkChatInputName, checkLocalizedOptionNames } from './option-names.js';
import { validateOptions } from './options.js';
import { checkBoolean, checkText, describeValue, has, isObject, ROOT, type Obj } from './values.js';
import { checkContexts, checkPermissionsField } from './command-access.js';
import { checkCommandSize } from './command-size.js';

export { GLOBAL_ONLY_FIELDS } from './command-access.js';
export { commandSize } from './command-size.js';

export interface CommandRuleContext {
  scope: Scope;
  limits: Limits;
  /**
   * PATCH bodies: every field is optional, and `type` comes from the stored
   * command (a PATCH cannot change it).
   */
  partial?: { type: number };
}

const COMMAND_TYPES = Object.values(CommandType) as number[];
/**
 * Every rule of the spec that concerns one command definition, as the service
 * receives it (numbers for enums, decimal strings for permissions). Safe on
 * arbitrary JSON: wrong types are findings, never exceptions.
 */
export function validateCommand(input: unknown, ctx: CommandRuleContext): Problem[] {
  const out: Problem[] = [];
  if (!isObject(input)) {
    out.push(
      problem('command-type', [], `A command must be a mapping, not ${describeValue(input)}.`, ApiErrors.object()),
    );
    return out;
  }
  const cmd = input;
  const { limits } = ctx;
  const type = commandType(out, cmd, ctx);
  if (type === undefined) return out;
  const chatInput = type === CommandType.CHAT_INPUT;

  if (ctx.scope.kind === 'guild' && type === CommandType.PRIMARY_ENTRY_POINT) {
    out.push(
      problem(
        'entry-point-guild',
        ['type'],
        'A PRIMARY_ENTRY_POINT command can only be global; guilds cannot hold one.',
        ApiErrors.choices([1, 2, 3]),
      ),
    );
  }
  checkName(out, cmd, type, ctx);
  checkDescription(out, cmd, type, ctx);
  checkCommandOptions(out, cmd, type, limits);
  checkHandler(out, cmd, type);
  checkPermissionsField(out, cmd);
  checkFlags(out, cmd);
  checkContexts(out, cmd, ctx.scope);
  checkId(out, cmd);
  if (chatInput) checkCommandSize(out, cmd, limits);
  return out;
}

/** The command's type: the stored one for a PATCH, else its own (CHAT_INPUT when absent); undefined when it is no type at all. */
function commandType(out: Problem[], cmd: Obj, ctx: CommandRuleContext): number | undefined {
  if (ctx.partial !== undefined) return ctx.partial.type;
  if (!has(cmd, 'type')) return CommandType.CHAT_INPUT;
  if (typeof cmd.type !== 'number' || !COMMAND_TYPES.includes(cmd.type)) {
    out.push(
      problem(
        'command-type',
        ['type'],
        `Command type ${describeValue(cmd.type)} is not one of ${describeEnum(CommandType)}.`,
        ApiErrors.choices(COMMAND_TYPES),
      ),
    );
    return undefined;
  }
  return cmd.type;
}

function checkName(out: Problem[], cmd: Obj, type: number, ctx: CommandRuleContext): void {
  const { limits } = ctx;
  const required = ctx.partial === undefined;
  const chatInput = type === CommandType.CHAT_INPUT;
  // Checks that take a key build the field's path only for a finding (ROOT + key).
  if (chatInput) checkChatInputName(out, cmd.name, ROOT, limits, required, 'name');
  else {
    const name = checkText(out, cmd.name, ['name'], {
      rule: 'name-length',
      label: 'Name',
      min: 1,
      max: limits.name_max,
      required,
    });
    if (name !== undefined && name.length > 0) {
      if (isBlank(name))
        out.push(problem('name-length', ['name'], 'Name must not be blank.', ApiErrors.badLength(1, limits.name_max)));
      else if (name.trim() !== name)
        out.push({
          rule: 'name-whitespace',
          severity: 'warning',
          path: ['name'],
          message: `The service trims the spaces around "${name}", so the stored name will differ from the manifest.`,
        });
    }
  }
  checkLocalizations(
    out,
    cmd.name_localizations,
    ROOT,
    { field: 'name', defaultValue: cmd.name, namePattern: chatInput, min: 1, max: limits.name_max },
    'name_localizations',
  );
}

function checkDescription(out: Problem[], cmd: Obj, type: number, ctx: CommandRuleContext): void {
  const { limits } = ctx;
  const chatInput = type === CommandType.CHAT_INPUT;
  if (type === CommandType.USER || type === CommandType.MESSAGE) {
    const label = type === CommandType.USER ? 'USER' : 'MESSAGE';
    if (has(cmd, 'description') && cmd.description !== '') {
      out.push(
        problem(
          'description-forbidden',
          ['description'],
          `${label} commands take no description; remove it (the service stores "").`,
          ApiErrors.contextMenuDescription(),
        ),
      );
    }
    const locs = localizedStrings(cmd.description_localizations);
    if (locs.length > 0)
      out.push(
        problem(
          'description-forbidden',
          ['description_localizations'],
          `${label} commands take no description localizations.`,
          ApiErrors.contextMenuDescription(),
        ),
      );
    return;
  }
  checkText(
    out,
    cmd.description,
    ROOT,
    {
      rule: 'description-length',
      label: 'Description',
      min: chatInput ? 1 : 0,
      max: limits.description_max,
      required: chatInput && ctx.partial === undefined,
    },
    'description',
  );
  checkLocalizations(
    out,
    cmd.description_localizations,
    ROOT,
    { field: 'description', defaultValue: cmd.description, namePattern: false, min: 1, max: limits.description_max },
    'description_localizations',
  );
}

function checkCommandOptions(out: Problem[], cmd: Obj, type: number, limits: Limits): void {
  if (type === CommandType.CHAT_INPUT) {
    validateOptions(out, cmd.options, ['options'], 'command', limits);
    checkLocalizedOptionNames(out, cmd.options, ['options']);
  } else if (Array.isArray(cmd.options) ? cmd.options.length > 0 : has(cmd, 'options')) {
    out.push(
      problem(
        'options-forbidden',
        ['options'],
        `Only CHAT_INPUT commands take options; this one is ${describeEnum({ [typeName(type)]: type })}.`,
        type === CommandType.USER || type === CommandType.MESSAGE
          ? ApiErrors.contextMenuOptions()
          : ApiErrors.maxLength(0),
      ),
    );
  }
}

function checkHandler(out: Problem[], cmd: Obj, type: number): void {
  if (!has(cmd, 'handler')) return;
  if (type !== CommandType.PRIMARY_ENTRY_POINT) {
    out.push(
      problem(
        'handler-entry-point-only',
        ['handler'],
        'handler applies only to PRIMARY_ENTRY_POINT commands.',
        ApiErrors.invalid('handler is only valid for primary entry point commands', 'BASE_TYPE_INVALID'),
      ),
    );
  } else if (!Object.values(EntryPointHandler).includes(cmd.handler as 1 | 2)) {
    out.push(
      problem(
        'handler-value',
        ['handler'],
        `handler ${describeValue(cmd.handler)} is not one of ${describeEnum(EntryPointHandler)}.`,
        ApiErrors.choices(Object.values(EntryPointHandler)),
      ),
    );
  }
}

function checkFlags(out: Problem[], cmd: Obj): void {
  checkBoolean(out, cmd.nsfw, ROOT, 'command-boolean', 'nsfw', 'nsfw');
  checkBoolean(out, cmd.dm_permission, ROOT, 'command-boolean', 'dm_permission', 'dm_permission');
  checkBoolean(out, cmd.default_permission, ROOT, 'command-boolean', 'default_permission', 'default_permission');
  if (has(cmd, 'default_permission')) {
    out.push({
      rule: 'deprecated-field',
      severity: 'warning',
      path: ['default_permission'],
      message:
        'default_permission is deprecated; use default_member_permissions ("0" hides the command from everyone but administrators).',
    });
  }
}

function typeName(type: number): string {
  return Object.entries(CommandType).find(([, v]) => v === type)?.[0] ?? String(type);
}

/**
 * `id` names the command to overwrite in a bulk body (a snowflake); the other
 * routes take it as the response field it is. Both refuse one that is not a
 * snowflake, so a pinned id that could never match is caught everywhere.
 */
function checkId(out: Problem[], cmd: Obj): void {
  if (!has(cmd, 'id') || cmd.id === undefined || cmd.id === null) return;
  const id = typeof cmd.id === 'number' && Number.isSafeInteger(cmd.id) && cmd.id >= 0 ? String(cmd.id) : cmd.id;
  if (!isSnowflake(id))
    out.push(
      problem('command-id', ['id'], `id ${describeValue(cmd.id)} is not a snowflake.`, ApiErrors.snowflake(cmd.id)),
    );
}
