/**
 * What an invocation invokes: the command picked by the name the user typed
 * (a guild command of the place first, then a global one), with its options
 * and mentions from a command line, or the user or message a user or
 * message command acts on. A problem is a typed `Invalid`, pointing into the
 * line where it can.
 */
import { basename } from 'node:path';
import { CommandLineError, parseCommandLine, pointAt } from '../../wire/interactions/command-line.js';
import { resolveOptions, type InteractionOption, type MentionLookup } from '../../wire/interactions/options.js';
import { CommandType, OptionType } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { own } from '../state/own.js';
import type { StoredCommand, World } from '../state/world.js';
import type { Obj } from '../../wire/rules/values.js';

/** The line or the request is wrong: nothing was sent. */
export interface Invalid {
  outcome: 'invalid';
  message: string;
  pointer?: string;
  column?: number;
}

export const invalid = (message: string, line?: string, err?: CommandLineError): Invalid => ({
  outcome: 'invalid',
  message,
  ...(line !== undefined && err ? { pointer: pointAt(line, err), column: err.column } : {}),
});

export interface Mentions {
  users: string[];
  roles: string[];
  channels: string[];
  attachments: Obj[];
}

export interface Invoked {
  command: StoredCommand;
  options: InteractionOption[];
  mentions: Mentions;
  target?: { id: string; message?: Obj };
}

/** Where the command is looked for, and what the line's mentions may name. */
export interface InvokedContext {
  world: World;
  appId: Snowflake;
  guildId: Snowflake | undefined;
  locale: string;
  lookup: MentionLookup;
  nextId(): Snowflake;
}

/** What the request names: a command line, or a user or message command. */
export interface InvokedRequest {
  line?: string;
  userCommand?: string;
  messageCommand?: string;
  target?: Snowflake;
  autocomplete?: boolean;
  files?: Record<string, { size: number; contentType?: string }>;
}

function nameMatches(cmd: StoredCommand, typed: string, locale: string | undefined): boolean {
  return cmd.name === typed || (locale !== undefined && cmd.name_localizations?.[locale] === typed);
}

/** The command the user picks: a guild command of that guild first, then a global one. */
function pickCommand(at: InvokedContext, types: number[], typed: string): StoredCommand | undefined {
  const all = Object.values(at.world.commands).filter(
    (c) => c.application_id === at.appId && types.includes(c.type) && nameMatches(c, typed, at.locale),
  );
  return (
    all.find((c) => at.guildId !== undefined && c.guild_id === at.guildId) ??
    all.find((c) => c.guild_id === undefined) ??
    all[0]
  );
}

const NO_MENTIONS = (): Mentions => ({ users: [], roles: [], channels: [], attachments: [] });

export function invokedCommand(at: InvokedContext, req: InvokedRequest): Invoked | Invalid {
  if (req.line !== undefined) return fromLine(at, req.line, req);
  if (req.userCommand !== undefined || req.messageCommand !== undefined) {
    const invoked = fromMenu(at, req);
    return req.autocomplete && !('outcome' in invoked) ? invalid('autocomplete works on a command line') : invoked;
  }
  return invalid('give a command line, --user-command or --message-command');
}

/** A chat input or entry point command from its typed line. */
function fromLine(at: InvokedContext, line: string, req: InvokedRequest): Invoked | Invalid {
  try {
    const parsed = parseCommandLine(line, req.autocomplete === true);
    const command = pickCommand(at, [CommandType.CHAT_INPUT, CommandType.PRIMARY_ENTRY_POINT], parsed.command.text);
    if (!command) {
      throw new CommandLineError(
        `no command "/${parsed.command.text}" is registered for this application here`,
        parsed.command.start - 1,
        parsed.command.end - parsed.command.start + 1,
      );
    }
    // The wire rules read a command as the service stores it, by key; StoredCommand is an interface, with no index signature.
    const { result } = resolveOptions(command as unknown as Obj, parsed, {
      locale: at.locale,
      lookup: at.lookup,
      ...(req.autocomplete ? { autocomplete: true } : {}),
    });
    const attachments = result.attachments.map(({ option, path }) => ({
      option,
      attachment: attachmentOf(at, command, path, req.files?.[path]),
    }));
    fillAttachmentIds(
      result.options,
      attachments.map((a) => ({ option: a.option, id: a.attachment.id as string })),
    );
    const mentions = {
      users: result.users,
      roles: result.roles,
      channels: result.channels,
      attachments: attachments.map((a) => a.attachment),
    };
    return { command, options: result.options, mentions };
  } catch (err) {
    if (err instanceof CommandLineError) return invalid(err.message, line, err);
    throw err;
  }
}

/** A file given for an ATTACHMENT option, as the service hands it to the application. */
function attachmentOf(
  at: InvokedContext,
  command: StoredCommand,
  path: string,
  file: { size: number; contentType?: string } | undefined,
): Obj {
  const id = at.nextId();
  const filename = basename(path);
  const url = `https://cdn.discordapp.com/ephemeral-attachments/${command.id}/${id}/${encodeURIComponent(filename)}`;
  return {
    id,
    filename,
    size: file?.size ?? 0,
    url,
    proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
    ...(file?.contentType ? { content_type: file.contentType } : {}),
    ephemeral: true,
  };
}

/** A user or message command and the user or message it acts on. */
function fromMenu(at: InvokedContext, req: InvokedRequest): Invoked | Invalid {
  const isUser = req.userCommand !== undefined;
  const kind = isUser ? 'user' : 'message';
  const name = (req.userCommand ?? req.messageCommand)!;
  const command = pickCommand(at, [isUser ? CommandType.USER : CommandType.MESSAGE], name);
  if (!command) return invalid(`no ${kind} command "${name}" is registered for this application here`);
  if (!req.target) return invalid(`a ${kind} command needs --target`);
  const none = { command, options: [], mentions: NO_MENTIONS() };
  if (isUser)
    return at.lookup.isUser(req.target)
      ? { ...none, target: { id: req.target } }
      : invalid(`no user ${req.target} here`);
  const message = own(at.world.messages, req.target)?.message;
  if (!message) return invalid(`no message ${req.target} (a message command acts on a message the emulator holds)`);
  return { ...none, target: { id: req.target, message } };
}

/** Attachment options carry the id of the uploaded file. */
function fillAttachmentIds(options: InteractionOption[], ids: Array<{ option: string; id: string }>): void {
  for (const o of options) {
    if (o.options) fillAttachmentIds(o.options, ids);
    else if (o.type === OptionType.ATTACHMENT) o.value = ids.find((i) => i.option === o.name)?.id ?? o.value;
  }
}
