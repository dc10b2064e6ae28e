import { CommandType, enumName } from '../enums.js';
import { LIVE_LIMITS, type LimitName, type Limits } from '../limits.js';
import { problem, valueText, type Problem } from '../problem.js';
import type { Scope } from '../scope.js';
import { isObject } from './values.js';

/** How many commands of each type one scope may hold. */
export function maxCommandsOfType(type: number, scope: Scope, limits: Limits): number {
  switch (type) {
    case CommandType.CHAT_INPUT:
      return limits.chat_input_commands;
    case CommandType.USER:
      return limits.user_commands;
    case CommandType.MESSAGE:
      return limits.message_commands;
    case CommandType.PRIMARY_ENTRY_POINT:
      return scope.kind === 'global' ? limits.entry_point_commands : 0;
    default:
      return Infinity;
  }
}

const LIMIT_OF_TYPE: Partial<Record<number, LimitName>> = {
  [CommandType.USER]: 'user_commands',
  [CommandType.MESSAGE]: 'message_commands',
};

/** A hint when the spec's count is below what the live service allows: the user may raise it in `limits:`. */
function liveLimitHint(type: number, max: number): string {
  const key = LIMIT_OF_TYPE[type];
  const live = key ? LIVE_LIMITS[key] : undefined;
  return key && live !== undefined && max < live
    ? ` (the spec's number; the live service allows ${live}: set limits.${key} to use them)`
    : '';
}

/**
 * Identity of a command within a scope (spec rule A.7): type and name. The
 * service trims the spaces around USER and MESSAGE names, so " Report" and
 * "Report" are the same command there.
 */
export function commandKey(cmd: { type?: unknown; name?: unknown }): string {
  const type = typeof cmd.type === 'number' ? cmd.type : CommandType.CHAT_INPUT;
  const contextMenu = type === CommandType.USER || type === CommandType.MESSAGE;
  return `${type}:${contextMenu && typeof cmd.name === 'string' ? cmd.name.trim() : valueText(cmd.name)}`;
}

/**
 * Rules over a whole scope's list: per-type counts and name uniqueness per
 * type. Paths start with the command's index in `commands`.
 */
export function validateScopeCommands(commands: readonly unknown[], scope: Scope, limits: Limits): Problem[] {
  const out: Problem[] = [];
  const counts = new Map<number, number>();
  const seen = new Map<string, number>();
  commands.forEach((cmd, i) => {
    if (!isObject(cmd)) return;
    const type = typeof cmd.type === 'number' ? cmd.type : CommandType.CHAT_INPUT;
    const n = (counts.get(type) ?? 0) + 1;
    counts.set(type, n);
    const max = maxCommandsOfType(type, scope, limits);
    // Entry points in guilds are reported per command (entry-point-guild).
    if (n === max + 1 && max > 0) {
      const name = enumName(CommandType, type) ?? String(type);
      out.push({
        ...problem(
          'command-count',
          [i],
          `A ${scope.kind} scope may hold at most ${max} ${name} commands; this is number ${n}${liveLimitHint(type, max)}.`,
          {
            code: 'APPLICATION_COMMANDS_MAX',
            message: `Maximum number of application commands reached (${max})`,
          },
        ),
        jsonCode: 30032,
      });
    }
    if (typeof cmd.name !== 'string') return;
    const key = commandKey({ type, name: cmd.name });
    const first = seen.get(key);
    if (first !== undefined) {
      out.push(
        problem(
          'duplicate-name',
          [i, 'name'],
          `Another ${enumName(CommandType, type) ?? type} command in this scope is already named "${cmd.name}" (command ${first + 1}).`,
          {
            code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
            message: 'Application command names must be unique',
          },
        ),
      );
    } else seen.set(key, i);
  });
  return out;
}
