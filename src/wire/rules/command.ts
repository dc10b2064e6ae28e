import { CommandType, EntryPointHandler, IntegrationType, InteractionContext, describeEnum } from '../enums.js';
import type { Limits } from '../limits.js';
import { isBlank, textLength } from '../naming.js';
import { ALL_PERMISSION_BITS, DECIMAL_PERMISSIONS } from '../permissions.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import type { Scope } from '../scope.js';
import { isSnowflake } from '../snowflake.js';
import { checkLocalizations, localizedStrings } from './localizations.js';
import { checkChatInputName, checkLocalizedOptionNames } from './option-names.js';
import { validateOptions } from './options.js';
import { checkArray, checkBoolean, checkEnumList, checkText, describeValue, has, isObject, ROOT, type Obj } from './values.js';

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
/** Fields that exist only on global commands (spec: guild create takes all fields but these). */
export const GLOBAL_ONLY_FIELDS = ['dm_permission', 'integration_types', 'contexts'] as const;

/**
 * Every rule of the spec that concerns one command definition, as the service
 * receives it (numbers for enums, decimal strings for permissions). Safe on
 * arbitrary JSON: wrong types are findings, never exceptions.
 */
export function validateCommand(input: unknown, ctx: CommandRuleContext): Problem[] {
  const out: Problem[] = [];
  if (!isObject(input)) {
    out.push(problem('command-type', [], `A command must be a mapping, not ${describeValue(input)}.`, ApiErrors.object()));
    return out;
  }
  const cmd = input;
  const { limits } = ctx;
  const type = commandType(out, cmd, ctx);
  if (type === undefined) return out;
  const chatInput = type === CommandType.CHAT_INPUT;

  if (ctx.scope.kind === 'guild' && type === CommandType.PRIMARY_ENTRY_POINT) {
    out.push(problem('entry-point-guild', ['type'], 'A PRIMARY_ENTRY_POINT command can only be global; guilds cannot hold one.', ApiErrors.choices([1, 2, 3])));
  }
  checkName(out, cmd, type, ctx);
  checkDescription(out, cmd, type, ctx);
  checkCommandOptions(out, cmd, type, limits);
  checkHandler(out, cmd, type);
  checkPermissionsField(out, cmd);
  checkFlags(out, cmd);
  checkContexts(out, cmd, ctx);
  checkId(out, cmd);
  if (chatInput) checkCommandSize(out, cmd, limits);
  return out;
}

/** The command's type: the stored one for a PATCH, else its own (CHAT_INPUT when absent); undefined when it is no type at all. */
function commandType(out: Problem[], cmd: Obj, ctx: CommandRuleContext): number | undefined {
  if (ctx.partial !== undefined) return ctx.partial.type;
  if (!has(cmd, 'type')) return CommandType.CHAT_INPUT;
  if (typeof cmd.type !== 'number' || !COMMAND_TYPES.includes(cmd.type)) {
    out.push(problem('command-type', ['type'], `Command type ${describeValue(cmd.type)} is not one of ${describeEnum(CommandType)}.`, ApiErrors.choices(COMMAND_TYPES)));
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
    const name = checkText(out, cmd.name, ['name'], { rule: 'name-length', label: 'Name', min: 1, max: limits.name_max, required });
    if (name !== undefined && name.length > 0) {
      if (isBlank(name)) out.push(problem('name-length', ['name'], 'Name must not be blank.', ApiErrors.badLength(1, limits.name_max)));
      else if (name.trim() !== name)
        out.push({
          rule: 'name-whitespace',
          severity: 'warning',
          path: ['name'],
          message: `The service trims the spaces around "${name}", so the stored name will differ from the manifest.`,
        });
    }
  }
  checkLocalizations(out, cmd.name_localizations, ROOT, { field: 'name', defaultValue: cmd.name, namePattern: chatInput, min: 1, max: limits.name_max }, 'name_localizations');
}

function checkDescription(out: Problem[], cmd: Obj, type: number, ctx: CommandRuleContext): void {
  const { limits } = ctx;
  const chatInput = type === CommandType.CHAT_INPUT;
  if (type === CommandType.USER || type === CommandType.MESSAGE) {
    const label = type === CommandType.USER ? 'USER' : 'MESSAGE';
    if (has(cmd, 'description') && cmd.description !== '') {
      out.push(problem('description-forbidden', ['description'], `${label} commands take no description; remove it (the service stores "").`, ApiErrors.contextMenuDescription()));
    }
    const locs = localizedStrings(cmd.description_localizations);
    if (locs.length > 0)
      out.push(problem('description-forbidden', ['description_localizations'], `${label} commands take no description localizations.`, ApiErrors.contextMenuDescription()));
    return;
  }
  checkText(
    out,
    cmd.description,
    ROOT,
    { rule: 'description-length', label: 'Description', min: chatInput ? 1 : 0, max: limits.description_max, required: chatInput && ctx.partial === undefined },
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
        type === CommandType.USER || type === CommandType.MESSAGE ? ApiErrors.contextMenuOptions() : ApiErrors.maxLength(0),
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
      message: 'default_permission is deprecated; use default_member_permissions ("0" hides the command from everyone but administrators).',
    });
  }
}

function typeName(type: number): string {
  return Object.entries(CommandType).find(([, v]) => v === type)?.[0] ?? String(type);
}

function checkPermissionsField(out: Problem[], cmd: Obj): void {
  const v = cmd.default_member_permissions;
  if (v === undefined || v === null) return;
  const text = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;
  if (typeof text !== 'string' || !DECIMAL_PERMISSIONS.test(text)) {
    out.push(
      problem(
        'default-member-permissions',
        ['default_member_permissions'],
        `default_member_permissions must be a decimal permission string such as "32" or a list of permission names, not ${describeValue(v)}.`,
        ApiErrors.integer(v),
      ),
    );
    return;
  }
  const unknown = BigInt(text) & ~ALL_PERMISSION_BITS;
  if (unknown !== 0n) {
    out.push({
      rule: 'default-member-permissions',
      severity: 'warning',
      path: ['default_member_permissions'],
      message: `default_member_permissions sets bits no permission uses (${unknown}).`,
    });
  }
}

function checkContexts(out: Problem[], cmd: Obj, ctx: CommandRuleContext): void {
  if (ctx.scope.kind === 'guild') {
    // Guild commands hold none of these (facts §3.1, §12.3): guild POST and PATCH do not take them and the
    // guild bulk overwrite takes them only to default them, so the service accepts and drops them, whatever
    // their value. Lint says so, as a warning; nothing refuses.
    for (const field of GLOBAL_ONLY_FIELDS) {
      if (!has(cmd, field) || cmd[field] === null) continue;
      const botDm = field === 'contexts' && Array.isArray(cmd.contexts) && cmd.contexts.includes(InteractionContext.BOT_DM);
      out.push(
        botDm
          ? {
              rule: 'contexts-bot-dm-guild',
              severity: 'warning',
              path: ['contexts', (cmd.contexts as unknown[]).indexOf(InteractionContext.BOT_DM)],
              message: 'Guild commands cannot run in DMs with the app, and the service drops contexts on guild commands: remove it.',
            }
          : {
              rule: 'global-only-field',
              severity: 'warning',
              path: [field],
              message: `${field} applies only to global commands; the service drops it on guild commands, so remove it.`,
            },
      );
    }
    return;
  }
  if (has(cmd, 'dm_permission') && has(cmd, 'contexts') && cmd.contexts !== null) {
    out.push({ rule: 'deprecated-field', severity: 'warning', path: ['dm_permission'], message: 'dm_permission is deprecated and ignored when contexts is set; remove it.' });
  }
  const contexts = checkArray(out, cmd.contexts, ROOT, 'contexts-value', 'contexts', 'contexts');
  if (contexts) checkEnumList(out, contexts, ROOT, 'contexts-value', 'Interaction context', InteractionContext, 'contexts');
  const installs = checkArray(out, cmd.integration_types, ROOT, 'integration-types-value', 'integration_types', 'integration_types');
  if (installs) checkEnumList(out, installs, ROOT, 'integration-types-value', 'Integration type', IntegrationType, 'integration_types');

  // The spec calls PRIVATE_CHANNEL "meaningful only" with USER_INSTALL: the service stores it either way.
  if (contexts?.includes(InteractionContext.PRIVATE_CHANNEL)) {
    const i = contexts.indexOf(InteractionContext.PRIVATE_CHANNEL);
    if (installs && !installs.includes(IntegrationType.USER_INSTALL)) {
      out.push({
        rule: 'private-channel-needs-user-install',
        severity: 'warning',
        path: ['contexts', i],
        message: 'PRIVATE_CHANNEL does nothing unless the command is installable by users: add user_install to integration_types.',
      });
    } else if (!installs) {
      out.push({
        rule: 'private-channel-needs-user-install',
        severity: 'warning',
        path: ['contexts', i],
        message: 'PRIVATE_CHANNEL only works when the app is user-installable; set integration_types to include user_install to say so.',
      });
    }
  }
}

/**
 * `id` names the command to overwrite in a bulk body (a snowflake); the other
 * routes take it as the response field it is. Both refuse one that is not a
 * snowflake, so a pinned id that could never match is caught everywhere.
 */
function checkId(out: Problem[], cmd: Obj): void {
  if (!has(cmd, 'id') || cmd.id === undefined || cmd.id === null) return;
  const id = typeof cmd.id === 'number' && Number.isSafeInteger(cmd.id) && cmd.id >= 0 ? String(cmd.id) : cmd.id;
  if (!isSnowflake(id)) out.push(problem('command-id', ['id'], `id ${describeValue(cmd.id)} is not a snowflake.`, ApiErrors.snowflake(cmd.id)));
}

const utf16Length = (text: string): number => text.length;

/**
 * The 8000-character budget: names, descriptions and choice values across the
 * command, counting for each field only its longest localization. `measure`
 * counts a string; the default counts code points, as the service does.
 */
export function commandSize(cmd: Obj, measure: (text: string) => number = textLength): number {
  const longest = (value: unknown, dict: unknown): number => {
    let n = typeof value === 'string' ? measure(value) : typeof value === 'number' ? String(value).length : 0;
    if (isObject(dict)) {
      for (const locale in dict) {
        const v = dict[locale];
        if (typeof v === 'string') n = Math.max(n, measure(v));
      }
    }
    return n;
  };
  const walkOption = (o: unknown): number => {
    if (!isObject(o)) return 0;
    let n = longest(o.name, o.name_localizations) + longest(o.description, o.description_localizations);
    // Index loops: for-of makes an iterator and a result object per step in the interpreter, and this runs for every option.
    const { choices, options } = o;
    if (Array.isArray(choices))
      for (let i = 0; i < choices.length; i++) {
        const c = choices[i];
        if (isObject(c)) n += longest(c.name, c.name_localizations) + longest(c.value, null);
      }
    if (Array.isArray(options)) for (let i = 0; i < options.length; i++) n += walkOption(options[i]);
    return n;
  };
  return walkOption(cmd);
}

function checkCommandSize(out: Problem[], cmd: Obj, limits: Limits): void {
  // UTF-16 units never number fewer than code points: a total within the limit in units is within it, with no string counted.
  if (commandSize(cmd, utf16Length) <= limits.command_total_chars) return;
  const size = commandSize(cmd);
  if (size > limits.command_total_chars) {
    out.push({
      ...problem(
        'command-size',
        [],
        `The command totals ${size} characters of names, descriptions and values; the limit is ${limits.command_total_chars} (only the longest localization of each field counts).`,
        { code: 'APPLICATION_COMMAND_TOO_LARGE', message: `Command exceeds maximum size (${limits.command_total_chars})` },
      ),
      apiPath: [],
    });
  }
}
