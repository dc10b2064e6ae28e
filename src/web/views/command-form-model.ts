/**
 * What the invoke form knows of a command, without the DOM: the paths a
 * user can pick (subcommands, groups), the options of a path, the line the
 * form types, and whether the client would send it — checked with the
 * spec's own parser and option rules, so the form refuses exactly what
 * the client (and the emulator's invoke path) refuses.
 */
import {
  CommandLineError,
  formatCommandLine,
  parseCommandLine,
  pointAt,
  type LineOption,
} from '../../wire/interactions/command-line.js';
import { resolveOptions, type MentionLookup } from '../../wire/interactions/options.js';
import { nameLookup } from '../../wire/interactions/names.js';
import { OptionType } from '../../wire/enums.js';
import type { PickerCommand, PickerOption } from '../../emulator/view/picker-types.js';
import type { ViewGuild } from '../../emulator/view/world-types.js';
import type { Obj } from '../../wire/rules/values.js';

/** One way through a command: its name, then group and subcommand (default names), with the options there. */
export interface CommandPath {
  /** Default names, as typed: ['config', 'logging', 'enable']. */
  words: string[];
  /** As shown in the locale: 'logging enable'. */
  label: string;
  options: PickerOption[];
}

const isContainer = (o: PickerOption) => o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP;

export function commandPaths(cmd: PickerCommand): CommandPath[] {
  const out: CommandPath[] = [];
  const walk = (words: string[], labels: string[], options: PickerOption[]) => {
    const containers = options.filter(isContainer);
    if (containers.length === 0) {
      out.push({ words, label: labels.join(' '), options });
      return;
    }
    for (const c of containers) walk([...words, c.defaultName], [...labels, c.name], c.options ?? []);
  };
  walk([cmd.defaultName], [], cmd.options);
  return out;
}

/** The picker's command in the shape the spec's rules read (default names, the service's field names). */
export function specCommand(cmd: PickerCommand): Obj {
  const option = (o: PickerOption): Obj => ({
    type: o.type,
    name: o.defaultName,
    description: o.description,
    required: o.required,
    ...(o.choices ? { choices: o.choices.map((c) => ({ name: c.defaultName, value: c.value })) } : {}),
    min_value: o.min_value,
    max_value: o.max_value,
    min_length: o.min_length,
    max_length: o.max_length,
    autocomplete: o.autocomplete,
    channel_types: o.channel_types,
    ...(o.options ? { options: o.options.map(option) } : {}),
  });
  return { type: cmd.type, name: cmd.defaultName, options: cmd.options.map(option) };
}

/** Who and what the member can mention in this guild (none in a DM). */
export function guildLookup(guild: ViewGuild | undefined): MentionLookup {
  return {
    isUser: (id) => guild?.members.some((m) => m.id === id) ?? false,
    isRole: (id) => guild?.roles.some((r) => r.id === id) ?? false,
    channelType: (id) => guild?.channels.find((c) => c.id === id)?.type,
    // The emulator resolves @name and #name the same way (emulator/state/names.ts).
    named: nameLookup({
      users: (guild?.members ?? []).map((m) => ({ id: m.id, name: m.username })),
      roles: (guild?.roles ?? []).map((r) => ({ id: r.id, name: r.name })),
      channels: (guild?.channels ?? []).map((c) => ({ id: c.id, name: c.name })),
      where: guild ? 'in this server' : 'in this DM',
    }),
  };
}

/** The values typed for a path's options, in the command's order; empty fields are left out as the client leaves them. */
export function lineOptions(path: CommandPath, values: ReadonlyMap<string, string>, focused?: string): LineOption[] {
  const filled = path.options
    .filter((o) => o.defaultName !== focused && (values.get(o.defaultName) ?? '') !== '')
    .map((o) => ({ name: o.defaultName, value: values.get(o.defaultName)! }));
  // The autocomplete parser focuses the last pair.
  return focused !== undefined ? [...filled, { name: focused, value: values.get(focused) ?? '' }] : filled;
}

export type LineCheck =
  | { ok: true; line: string }
  | { ok: false; line: string; message: string; pointer?: string; optionName?: string };

/** The line for the form's values, and whether the client would send it. */
export function checkLine(
  cmd: PickerCommand,
  path: CommandPath,
  values: ReadonlyMap<string, string>,
  guild: ViewGuild | undefined,
  locale: string,
  focused?: string,
): LineCheck {
  let line = '';
  try {
    line = formatCommandLine(path.words, lineOptions(path, values, focused));
    const parsed = parseCommandLine(line, focused !== undefined);
    resolveOptions(specCommand(cmd), parsed, {
      locale,
      lookup: guildLookup(guild),
      ...(focused !== undefined ? { autocomplete: true } : {}),
    });
    return { ok: true, line };
  } catch (err) {
    if (err instanceof CommandLineError) {
      const pair = line
        ? parseCommandLine(line, true).pairs.find((p) => err.column >= p.start && err.column < p.end)
        : undefined;
      return {
        ok: false,
        line,
        message: err.message,
        pointer: pointAt(line, err),
        optionName: pair?.name,
      };
    }
    return { ok: false, line, message: err instanceof Error ? err.message : String(err) };
  }
}

/** The value the line carries for a mention option's pick. */
export const mentionValue = {
  user: (id: string) => `<@${id}>`,
  role: (id: string) => `<@&${id}>`,
  channel: (id: string) => `<#${id}>`,
};
