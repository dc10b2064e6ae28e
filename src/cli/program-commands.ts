import { Option, type Command } from 'commander';
import type { CliContext } from './context.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * The commands beside lint, plan, apply and webhook, registered for
 * program.ts. Wiring only: each action lazy-loads its module.
 */

type SetExit = (code: number) => void;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `cmdsync init`. */
export function registerInit(program: Command, ctx: CliContext, setExit: SetExit): void {
  program
    .command('init')
    .description('write a starter cmdsync.yaml')
    .option('-m, --manifest <path>', 'where to write it', 'cmdsync.yaml')
    .option('--force', 'overwrite an existing file')
    .action(async (opts) => {
      const { runInit } = await import('./commands/init.js');
      setExit(await runInit({ path: opts.manifest, force: !!opts.force }, ctx));
    });
}

/** `show` (a saved plan), `pull` and `access`: what is planned, deployed, and who may use it. */
export function registerDeployedCommands(program: Command, ctx: CliContext, setExit: SetExit): void {
  program
    .command('show')
    .description('render a plan saved with plan --out (text, json or markdown), offline')
    .argument('<planfile>', 'the saved plan')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']))
    .option('--json', 'the same as --format json: the document plan --json prints')
    .action(async (planFile: string, opts) => {
      const { runShow } = await import('./commands/show.js');
      setExit(await runShow({ planFile, format: opts.format, json: !!opts.json }, ctx));
    });

  program
    .command('pull')
    .description(
      "write a manifest from what is deployed now: the global commands, every guild it can know of (the existing manifest's, the lock file's, the bot's) with its permissions, and this application's webhooks",
    )
    .option(
      '-o, --out <file>',
      'where to write it, - for stdout (default: cmdsync.yaml, or cmdsync.json with --format json)',
    )
    .addOption(new Option('--output <file>').hideHelp())
    .addOption(
      new Option('--format <format>', "file format (default: from the --out file's extension, else yaml)").choices([
        'yaml',
        'json',
      ]),
    )
    .option(
      '-m, --manifest <path>',
      'also read the guilds and webhook channels of this manifest and its lock file (default: the --out file, when it exists)',
    )
    .option(
      '--guild <id|name>',
      "only this guild's commands and permissions, with the global commands; no webhooks unless --global (repeatable)",
      collect,
    )
    .option('--global', 'the global commands and the webhooks; no guild unless --guild names it')
    .option('--force', 'overwrite an existing file')
    .option('--emulator', 'pull from the in-process emulator (state in .cmdsync/emulator.json)')
    .option('--api-url <url>', 'API base URL (env: CMDSYNC_API_URL)')
    .option(
      '--json',
      'print a report of what was written, and of what could not be read, as one JSON document on stdout',
    )
    .option('--debug', 'log requests to stderr (credentials masked)')
    .action(async (opts) => {
      const { runPull } = await import('./commands/pull.js');
      setExit(
        await runPull(
          {
            output: opts.out ?? opts.output,
            format: opts.format,
            guilds: opts.guild ?? [],
            global: !!opts.global,
            manifest: opts.manifest,
            force: !!opts.force,
            emulator: !!opts.emulator,
            apiUrl: opts.apiUrl,
            debug: !!opts.debug,
            json: !!opts.json,
          },
          ctx,
        ),
      );
    });

  program
    .command('access')
    .description(
      'who may use which command, in which channel, and why (offline from the manifest, or the deployed rows)',
    )
    .argument('[command]', 'one command: ban, /ban or message:Report message (default: every command in the guild)')
    .option('-m, --manifest <path>', 'manifest file (default: cmdsync.yaml, cmdsync.yml or cmdsync.json)')
    .option('--guild <id|name>', 'the guild whose permission rows to evaluate')
    .option('--channel <id|name>', 'only this channel (a name, general or #general, with --emulator or --remote)')
    .option(
      '--role <id|name>',
      'ask about a member with this role (repeatable; a name with --emulator or --remote)',
      collect,
      [],
    )
    .option('--user <id|name>', 'ask about this member (a name, bob or @bob, with --emulator or --remote)')
    .option(
      '--permissions <names|bits>',
      "the member's permissions in the channel, e.g. BAN_MEMBERS,MANAGE_GUILD or 36",
    )
    .option('--remote', "read the deployed rows where the manifest does not manage the guild's permissions")
    .option('--emulator', 'read the in-process emulator (rows, roles, members and channels)')
    .option('--api-url <url>', 'API base URL (env: CMDSYNC_API_URL)')
    .option('--json', 'print one machine-readable document on stdout')
    .option('--debug', 'log requests to stderr (credentials masked)')
    .action(async (command: string | undefined, opts) => {
      const { runAccess } = await import('./commands/access.js');
      setExit(
        await runAccess(
          {
            command,
            manifest: opts.manifest,
            guild: opts.guild,
            channel: opts.channel,
            role: opts.role,
            user: opts.user,
            permissions: opts.permissions,
            remote: !!opts.remote,
            emulator: !!opts.emulator,
            apiUrl: opts.apiUrl,
            json: !!opts.json,
            debug: !!opts.debug,
          },
          ctx,
        ),
      );
    });
}

/** `cmdsync invoke`: a command used on a running emulator. */
export function registerInvoke(program: Command, ctx: CliContext, setExit: SetExit): void {
  program
    .command('invoke')
    .description(
      'invoke a command on the emulator as a user would, and print what the user would see (exit 0 when the bot answered)',
    )
    .argument('[line]', "the command line as typed in the client, e.g. '/config logging enable channel:#1234'")
    .option(
      '--application <id|name>',
      "the application whose command it is (default: the emulator's default application)",
    )
    .option('--guild <id|name>', "the guild (default: the channel's, or the emulator's default guild)")
    .option(
      '--channel <id|name>',
      'the channel the command is used in, e.g. general (a channel outside every guild is a DM with the bot)',
    )
    .option('--user <id|name>', "the member who invokes it, e.g. bob (default: the guild's first member)")
    .option(
      '--locale <locale>',
      "the user's client language, e.g. fr (default: the member's locale setting, else en-US)",
    )
    .option('--user-command <name>', 'invoke a user command on --target USER (an id or a name)')
    .option(
      '--message-command <name>',
      "invoke a message command on --target MESSAGE_ID (a webhook post or a bot's answer)",
    )
    .option('--target <id|name>', 'the user or message a user or message command acts on')
    .option('--dm', 'in a DM with the bot (context BOT_DM; --channel optional)')
    .option(
      '--private-channel',
      'in a private channel, a group DM, where only user-installed commands reach (context PRIVATE_CHANNEL)',
    )
    .option('--autocomplete', 'send an autocomplete request for the option being typed (the last one)')
    .option('--wait <seconds>', 'collect follow-ups and edits this long after the first answer')
    .option('--json', 'print the interaction sent and everything received, as JSON')
    .option(
      '--emulator',
      'refused: an emulator inside this one command could never reach a bot (start `cmdsync emulator` instead)',
    )
    .option(
      '--api-url <url>',
      'the running emulator (env: CMDSYNC_API_URL; its control token: CMDSYNC_EMULATOR_CONTROL_TOKEN)',
    )
    .action(async (lineArg: string | undefined, opts) => {
      const { runInvoke } = await import('./commands/invoke.js');
      setExit(
        await runInvoke(
          {
            line: lineArg,
            guild: opts.guild,
            channel: opts.channel,
            user: opts.user,
            application: opts.application,
            locale: opts.locale,
            userCommand: opts.userCommand,
            messageCommand: opts.messageCommand,
            target: opts.target,
            dm: !!opts.dm,
            privateChannel: !!opts.privateChannel,
            autocomplete: !!opts.autocomplete,
            wait: opts.wait,
            json: !!opts.json,
            emulator: !!opts.emulator,
            apiUrl: opts.apiUrl,
          },
          ctx,
        ),
      );
    });
}

const MEMBER_FLAGS = (command: Command): Command =>
  command
    .option('--locale <locale>', "the member's client language, e.g. fr (default: their locale setting, else en-US)")
    .option('--wait <seconds>', 'collect follow-ups and edits this long after the first answer')
    .option('--json', 'print the interaction sent and everything received, as JSON')
    .option(
      '--api-url <url>',
      'the running emulator (env: CMDSYNC_API_URL; its control token: CMDSYNC_EMULATOR_CONTROL_TOKEN)',
    );

const memberOptions = (opts: Obj) => ({
  user: opts.user as string | undefined,
  locale: opts.locale as string | undefined,
  wait: opts.wait as string | undefined,
  json: !!opts.json,
  apiUrl: opts.apiUrl as string | undefined,
});

/** `cmdsync click`, `select`, `submit-modal` and `say`: a member using a message's components, their open modal, or a channel, on a running emulator. */
export function registerMemberActions(program: Command, ctx: CliContext, setExit: SetExit): void {
  MEMBER_FLAGS(
    program
      .command('click')
      .description(
        'click a button on a message as a member, and print what they see afterwards (exit 0 when the bot answered)',
      )
      .argument('<message-id>', 'the message the button is on')
      .argument('<button>', "the button's custom_id or label")
      .option('--user <id|name>', "the member who clicks (default: the guild's first member)"),
  ).action(async (messageId: string, button: string, opts) => {
    const { runClick } = await import('./commands/click.js');
    setExit(await runClick({ messageId, button, ...memberOptions(opts) }, ctx));
  });
  MEMBER_FLAGS(
    program
      .command('select')
      .description(
        'choose values in a select menu on a message as a member, and print what they see afterwards (exit 0 when the bot answered)',
      )
      .argument('<message-id>', 'the message the select is on')
      .argument('<menu>', "the select's custom_id or placeholder")
      .argument('[values...]', 'option values or labels; user, role or channel ids (or names) for those selects')
      .option('--user <id|name>', "the member who chooses (default: the guild's first member)"),
  ).action(async (messageId: string, menu: string, values: string[], opts) => {
    const { runSelect } = await import('./commands/select.js');
    setExit(await runSelect({ messageId, menu, values, ...memberOptions(opts) }, ctx));
  });
  MEMBER_FLAGS(
    program
      .command('submit-modal')
      .description(
        'submit the modal a member has open, and print what they see afterwards (exit 0 when the bot answered)',
      )
      .argument(
        '[fields...]',
        'FIELD=VALUE for each input (FIELD: its custom_id or label); others keep their pre-filled text',
      )
      .option('--user <id|name>', 'the member whose open modal is submitted')
      .option('--application <id|name>', 'whose modal, when the member has modals of several applications open'),
  ).action(async (fields: string[], opts) => {
    const { runSubmitModal } = await import('./commands/submit-modal.js');
    setExit(await runSubmitModal({ fields, application: opts.application, ...memberOptions(opts) }, ctx));
  });
  program
    .command('say')
    .description(
      'post a message in a channel as a member (bots see MESSAGE_CREATE), and print it (exit 1 when the service refuses it)',
    )
    .argument('<channel>', 'the channel to post in: its id or name (general or #general)')
    .argument('<text>', 'what the member says')
    .option('--user <id|name>', "the member who posts (a member of the channel's guild), e.g. bob")
    .option('--json', 'print the message, or the refusal, as JSON')
    .option(
      '--api-url <url>',
      'the running emulator (env: CMDSYNC_API_URL; its control token: CMDSYNC_EMULATOR_CONTROL_TOKEN)',
    )
    .action(async (channelId: string, text: string, opts) => {
      const { runSay } = await import('./commands/say.js');
      setExit(await runSay({ channelId, text, user: opts.user, json: !!opts.json, apiUrl: opts.apiUrl }, ctx));
    });
}
