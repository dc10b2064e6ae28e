/**
 * The `cmdsync webhook …` command tree. Wiring only: each action lazy-loads
 * its module (as program.ts does), so other commands never load them.
 * program.ts calls `registerWebhookCommands(program, ctx, setExit)`.
 */
import { Option, type Command } from 'commander';
import type { CliContext } from '../../context.js';
import { DEFAULT_LIMITS } from '../../../wire/limits.js';
import type { Obj } from '../../../wire/rules/values.js';

type Opts = Obj;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Bot-token routes: which service, and how to print. */
function botOptions(cmd: Command): Command {
  return cmd
    .option('--emulator', 'use the in-process emulator (state in .cmdsync/emulator.json)')
    .option('--api-url <url>', 'API base URL (env: CMDSYNC_API_URL)')
    .option('--debug', 'log requests to stderr (credentials masked)');
}

function bot(o: Opts): { emulator: boolean; apiUrl?: string; debug: boolean } {
  return { emulator: !!o.emulator, apiUrl: o.apiUrl as string | undefined, debug: !!o.debug };
}

const URL_HELP = "the webhook's URL: uses its token instead of DISCORD_TOKEN (env: DISCORD_WEBHOOK_URL)";

/** Flags shared by `send` and `message edit` that build message content. */
function contentOptions(cmd: Command): Command {
  return cmd
    .option('--content <text>', `message text (up to ${DEFAULT_LIMITS.message_content_max} characters)`)
    .option('--embeds <file>', 'embeds from a JSON or YAML file (a list, one embed, or {embeds: [...]})')
    .option('--embed-title <text>', 'an embed from flags: its title')
    .option('--embed-description <text>', 'an embed from flags: its description')
    .option('--embed-color <color>', 'an embed from flags: its colour (#RRGGBB, 0xRRGGBB or a number)')
    .option('--embed-url <url>', 'an embed from flags: its link')
    .option('--components <file>', 'message components from a JSON or YAML file')
    .option('--with-components', 'ask the service to honour components (needed for webhooks no application owns)')
    .option('--file <path>', 'attach a file (repeatable; sent as multipart)', collect, [])
    .option('--allow-mentions <kinds>', 'who may be pinged: users,roles,everyone or none (default none)')
    .option('--url <url>', URL_HELP)
    .option('--debug', 'log requests to stderr (the webhook token masked)')
    .option('--json', 'print the message as JSON on stdout');
}

function contentFlags(o: Opts) {
  return {
    content: o.content as string | undefined,
    embeds: o.embeds as string | undefined,
    embedTitle: o.embedTitle as string | undefined,
    embedDescription: o.embedDescription as string | undefined,
    embedColor: o.embedColor as string | undefined,
    embedUrl: o.embedUrl as string | undefined,
    components: o.components as string | undefined,
    withComponents: !!o.withComponents,
    files: o.file as string[],
    flags: o.flag as string[],
    allowMentions: o.allowMentions as string | undefined,
    url: o.url as string | undefined,
    debug: !!o.debug,
    json: !!o.json,
  };
}

type SetExit = (code: number) => void;

export function registerWebhookCommands(program: Command, ctx: CliContext, setExit: SetExit): void {
  const webhook = program.command('webhook').description('manage webhooks and send messages through them');
  registerLookups(webhook, ctx, setExit);
  registerChanges(webhook, ctx, setExit);
  registerMessages(webhook, ctx, setExit);
}

/** `list`, `get` and `url`: reading the webhooks. */
function registerLookups(webhook: Command, ctx: CliContext, setExit: SetExit): void {
  botOptions(
    webhook
      .command('list')
      .description(
        "list the webhooks of a channel, a guild, or (with neither) the channels of the manifest's webhooks (tokens hidden)",
      ),
  )
    .option('--channel <id|name>', 'the channel, e.g. general or #general')
    .option('--guild <id|name>', 'the guild')
    .option(
      '-m, --manifest <path>',
      "without --channel or --guild: the manifest whose webhooks' channels to read (default: cmdsync.yaml)",
    )
    .option('--json', 'print JSON on stdout')
    .action(async (o: Opts) => {
      const { runWebhookList } = await import('./list.js');
      setExit(
        await runWebhookList(
          {
            ...bot(o),
            json: !!o.json,
            channel: o.channel as string | undefined,
            guild: o.guild as string | undefined,
            manifest: o.manifest as string | undefined,
          },
          ctx,
        ),
      );
    });

  botOptions(webhook.command('get').description('show a webhook, by ID (bot token) or by --url (its own token)'))
    .argument('[id]', "webhook id, or a declared webhook's key (looked up in cmdsync.lock.json)")
    .option('--url <url>', URL_HELP)
    .option('--json', 'print JSON on stdout (without the token)')
    .action(async (id: string | undefined, o: Opts) => {
      const { runWebhookGet } = await import('./manage.js');
      setExit(await runWebhookGet(id, { ...bot(o), json: !!o.json, url: o.url as string | undefined }, ctx));
    });

  botOptions(
    webhook
      .command('url')
      .description("print a webhook's URL, which holds its secret token (masked under GitHub Actions)"),
  )
    .argument('<key-or-id>', "a declared webhook's key (looked up in cmdsync.lock.json), or a webhook id")
    .option('-m, --manifest <path>', 'the manifest whose lock file maps keys to ids (default: cmdsync.yaml)')
    .action(async (id: string, o: Opts) => {
      const { runWebhookUrl } = await import('./url.js');
      setExit(await runWebhookUrl(id, { ...bot(o), manifest: o.manifest as string | undefined }, ctx));
    });
}

/** `create`, `edit` and `delete`: changing the webhooks. */
function registerChanges(webhook: Command, ctx: CliContext, setExit: SetExit): void {
  botOptions(webhook.command('create').description('create an incoming webhook in a channel'))
    .option('--channel <id|name>', 'the channel (required), e.g. general or #general')
    .option('--name <name>', `the webhook name, 1-${DEFAULT_LIMITS.webhook_name_max} characters (required)`)
    .option('--avatar <file>', 'avatar image (.png, .jpg, .gif, .webp)')
    .option('--reason <text>', 'audit-log reason (default: "cmdsync webhook create")')
    .option('--json', 'print JSON on stdout (without the token)')
    .action(async (o: Opts) => {
      const { runWebhookCreate } = await import('./manage.js');
      setExit(
        await runWebhookCreate(
          {
            ...bot(o),
            json: !!o.json,
            channel: o.channel as string | undefined,
            name: o.name as string | undefined,
            avatar: o.avatar as string | undefined,
            reason: o.reason as string | undefined,
          },
          ctx,
        ),
      );
    });

  botOptions(
    webhook
      .command('edit')
      .description('rename, re-avatar or move a webhook, by ID (bot token) or by --url (its own token)'),
  )
    .argument('[id]', "webhook id, or a declared webhook's key (looked up in cmdsync.lock.json)")
    .option('--url <url>', URL_HELP)
    .option('--name <name>', 'new name')
    .option('--avatar <file>', 'new avatar image')
    .option('--remove-avatar', 'remove the avatar')
    .option('--channel <id|name>', 'move to this channel (by ID only)')
    .option('--reason <text>', 'audit-log reason (default: "cmdsync webhook edit"; by ID only)')
    .option('--json', 'print JSON on stdout (without the token)')
    .action(async (id: string | undefined, o: Opts) => {
      const { runWebhookEdit } = await import('./manage.js');
      setExit(
        await runWebhookEdit(
          id,
          {
            ...bot(o),
            json: !!o.json,
            url: o.url as string | undefined,
            name: o.name as string | undefined,
            avatar: o.avatar as string | undefined,
            removeAvatar: !!o.removeAvatar,
            channel: o.channel as string | undefined,
            reason: o.reason as string | undefined,
          },
          ctx,
        ),
      );
    });

  botOptions(webhook.command('delete').description('delete a webhook, by ID (bot token) or by --url (its own token)'))
    .argument('[id]', "webhook id, or a declared webhook's key (looked up in cmdsync.lock.json)")
    .option('--url <url>', URL_HELP)
    .option('--reason <text>', 'audit-log reason (default: "cmdsync webhook delete"; by ID only)')
    .action(async (id: string | undefined, o: Opts) => {
      const { runWebhookDelete } = await import('./manage.js');
      setExit(
        await runWebhookDelete(
          id,
          { ...bot(o), url: o.url as string | undefined, reason: o.reason as string | undefined },
          ctx,
        ),
      );
    });
}

/** `send`, and `message get|edit|delete`: messages through a webhook. */
function registerMessages(webhook: Command, ctx: CliContext, setExit: SetExit): void {
  contentOptions(
    webhook.command('send').description('send a message through a webhook (checked against the rules first)'),
  )
    .option('--username <name>', 'override the webhook name for this message')
    .option('--avatar-url <url>', 'override the avatar for this message')
    .option('--tts', 'text-to-speech message')
    .option('--thread <id>', 'post into this thread (or forum post) of the webhook channel')
    .option('--thread-name <name>', 'create a forum or media post with this title')
    .option('--tag <id>', 'tag of the new forum/media post (repeatable)', collect, [])
    .option(
      '--flag <name>',
      'message flag: suppress-embeds, suppress-notifications or components-v2 (repeatable)',
      collect,
      [],
    )
    .option('--wait', 'wait for the message and print its id')
    .addOption(
      new Option('--format <format>', 'post --body to a compatibility endpoint instead').choices([
        'chat-compat',
        'repo-compat',
      ]),
    )
    .option('--body <file>', 'the body for --format (JSON or YAML)')
    .option('--event <name>', 'the event kind for --format repo-compat (push, issues, …)')
    .action(async (o: Opts) => {
      const { runWebhookSend } = await import('./send.js');
      setExit(
        await runWebhookSend(
          {
            ...contentFlags(o),
            username: o.username as string | undefined,
            avatarUrl: o.avatarUrl as string | undefined,
            tts: !!o.tts,
            thread: o.thread as string | undefined,
            threadName: o.threadName as string | undefined,
            tags: o.tag as string[],
            wait: !!o.wait,
            format: o.format as 'chat-compat' | 'repo-compat' | undefined,
            body: o.body as string | undefined,
            event: o.event as string | undefined,
          },
          ctx,
        ),
      );
    });

  const message = webhook.command('message').description('messages sent through the webhook (by its URL)');
  const messageTarget = (cmd: Command): Command =>
    cmd
      .argument('<message-id>', 'message id')
      .option('--thread <id>', 'the thread (or forum post) the message is in')
      .option('--url <url>', URL_HELP)
      .option('--debug', 'log requests to stderr (the webhook token masked)');

  messageTarget(message.command('get').description('show a message sent through the webhook'))
    .option('--json', 'print the message as JSON on stdout')
    .action(async (id: string, o: Opts) => {
      const { runMessageGet } = await import('./message.js');
      setExit(
        await runMessageGet(
          id,
          {
            url: o.url as string | undefined,
            thread: o.thread as string | undefined,
            debug: !!o.debug,
            json: !!o.json,
          },
          ctx,
        ),
      );
    });

  contentOptions(
    message.command('edit').description('edit a message sent through the webhook (new files are appended)'),
  )
    .argument('<message-id>', 'message id')
    .option('--thread <id>', 'the thread (or forum post) the message is in')
    .option('--keep-attachment <id>', 'keep this existing attachment; the others are removed (repeatable)', collect, [])
    .option(
      '--clear <field>',
      'null content, embeds, attachments or components, e.g. before --flag components-v2 (repeatable)',
      collect,
      [],
    )
    .option(
      '--flag <name>',
      'flags after the edit: suppress-embeds, components-v2, or none to clear suppress-embeds (repeatable)',
      collect,
      [],
    )
    .action(async (id: string, o: Opts) => {
      const { runMessageEdit } = await import('./message.js');
      setExit(
        await runMessageEdit(
          id,
          {
            ...contentFlags(o),
            thread: o.thread as string | undefined,
            keepAttachments: o.keepAttachment as string[],
            clear: o.clear as string[],
          },
          ctx,
        ),
      );
    });

  messageTarget(message.command('delete').description('delete a message sent through the webhook')).action(
    async (id: string, o: Opts) => {
      const { runMessageDelete } = await import('./message.js');
      setExit(
        await runMessageDelete(
          id,
          { url: o.url as string | undefined, thread: o.thread as string | undefined, debug: !!o.debug },
          ctx,
        ),
      );
    },
  );
}
