/**
 * Every rule that judges a value from outside (a manifest, a request body)
 * gets each odd shape (null, numbers, strings, lists for mappings, mappings
 * for lists) at every node of a valid input, and answers with Problems,
 * never a throw. The table must name every such rule the spec exports, so a
 * new rule cannot miss the test. The manifest side is in
 * test/manifest/hostile.test.ts; the emulator's routes in test/emulator/fuzz.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ChannelType } from '../../src/wire/enums.js';
import { DEFAULT_LIMITS as limits } from '../../src/wire/limits.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import * as access from '../../src/wire/rules/access.js';
import * as command from '../../src/wire/rules/command.js';
import * as embed from '../../src/wire/rules/embed.js';
import * as localizations from '../../src/wire/rules/localizations.js';
import * as allowedMentions from '../../src/wire/rules/allowed-mentions.js';
import * as message from '../../src/wire/rules/message.js';
import * as messageComponents from '../../src/wire/rules/message-components.js';
import * as messageFields from '../../src/wire/rules/message-fields.js';
import * as messageFlags from '../../src/wire/rules/message-flags.js';
import * as messageQuery from '../../src/wire/rules/message-query.js';
import * as messageThread from '../../src/wire/rules/message-thread.js';
import * as optionNames from '../../src/wire/rules/option-names.js';
import * as optionValues from '../../src/wire/rules/option-values.js';
import * as options from '../../src/wire/rules/options.js';
import * as permissions from '../../src/wire/rules/permissions.js';
import * as scope from '../../src/wire/rules/scope.js';
import * as webhookName from '../../src/wire/rules/webhook-name.js';
import * as webhookSet from '../../src/wire/rules/webhook-set.js';
import * as serviceRules from '../../src/wire/service-rules.js';
import * as webhook from '../../src/wire/webhook.js';
import * as callback from '../../src/wire/interactions/callback.js';
import * as componentsMessage from '../../src/wire/components/message.js';
import * as componentsModal from '../../src/wire/components/modal.js';
import { oddVariants } from '../helpers/odd-shapes.js';

const MODULES = {
  access,
  command,
  embed,
  localizations,
  allowedMentions,
  message,
  messageComponents,
  messageFields,
  messageFlags,
  messageQuery,
  messageThread,
  optionNames,
  optionValues,
  options,
  permissions,
  scope,
  webhookName,
  webhookSet,
  serviceRules,
  webhook,
  callback,
  componentsMessage,
  componentsModal,
};
/** Rule functions by name: validate…, check…, …Problem(s), and the access rule that reads raw rows. */
const RULE_NAME = /^(validate|check)|Problems?$|^conflictingRows$|^unknownEmbedKeys$/;

const app = { embedded: false, integrationTypes: [0], discoverable: false };
const slash = {
  name: 'admin',
  description: 'Admin',
  default_member_permissions: '8',
  contexts: [0],
  integration_types: [0],
  nsfw: false,
  name_localizations: { fr: 'administrer' },
  description_localizations: { fr: 'Outils' },
  options: [
    {
      type: 2,
      name: 'users',
      description: 'U',
      options: [
        {
          type: 1,
          name: 'ban',
          description: 'B',
          options: [{ type: 6, name: 'who', description: 'W', required: true }],
        },
      ],
    },
    {
      type: 1,
      name: 'say',
      description: 'S',
      options: [
        {
          type: 3,
          name: 'text',
          description: 'T',
          choices: [{ name: 'Hi', value: 'hi', name_localizations: { de: 'Hallo' } }],
          min_length: 1,
        },
        { type: 10, name: 'n', description: 'N', min_value: 1, max_value: 2 },
        { type: 7, name: 'c', description: 'C', channel_types: [0] },
      ],
    },
  ],
};
const embeds = [
  {
    title: 'T',
    description: 'D',
    url: 'https://example.com',
    color: 1,
    fields: [{ name: 'a', value: 'b', inline: true }],
    footer: { text: 'f' },
    author: { name: 'a' },
    image: { url: 'https://example.com/a.png' },
  },
];
const messageBody = {
  content: 'hi',
  username: 'Bot',
  avatar_url: 'https://example.com/a.png',
  tts: false,
  embeds,
  flags: 4,
  allowed_mentions: { parse: ['users'], users: [], roles: [] },
  components: [{ type: 1, components: [{ type: 2, style: 5, label: 'L', url: 'https://example.com' }] }],
  thread_name: 'T',
  applied_tags: ['1'],
  poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }] },
  attachments: [{ id: 0, filename: 'a.txt' }],
};
/** A components-v2 message touching every kind of message component. */
const componentsBody = {
  flags: 32768,
  components: [
    {
      type: 1,
      components: [
        { type: 2, style: 1, label: 'Go', custom_id: 'go', emoji: { name: 'x' } },
        { type: 2, style: 6, sku_id: '1' },
      ],
    },
    {
      type: 1,
      components: [
        {
          type: 3,
          custom_id: 's',
          min_values: 1,
          max_values: 2,
          options: [
            { label: 'A', value: 'a', default: true },
            { label: 'B', value: 'b' },
          ],
        },
      ],
    },
    { type: 1, components: [{ type: 7, custom_id: 'm', default_values: [{ id: '1', type: 'user' }] }] },
    { type: 1, components: [{ type: 8, custom_id: 'c', channel_types: [0] }] },
    {
      type: 17,
      accent_color: 1,
      components: [
        {
          type: 9,
          components: [{ type: 10, content: 'hi' }],
          accessory: { type: 11, media: { url: 'https://example.com/a.png' }, description: 'd' },
        },
        { type: 12, items: [{ media: { url: 'https://example.com/b.png' }, spoiler: true }] },
        { type: 13, file: { url: 'attachment://a.txt' } },
        { type: 14, divider: true, spacing: 2 },
      ],
    },
  ],
};
const modalData = {
  custom_id: 'm',
  title: 'T',
  components: [
    {
      type: 18,
      label: 'L',
      description: 'D',
      component: { type: 4, custom_id: 'a', style: 1, min_length: 1, max_length: 10, value: 'v' },
    },
    { type: 1, components: [{ type: 4, custom_id: 'b', style: 2, label: 'B' }] },
    {
      type: 18,
      label: 'R',
      component: {
        type: 21,
        custom_id: 'r',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      },
    },
    {
      type: 18,
      label: 'G',
      component: { type: 22, custom_id: 'g', min_values: 0, required: false, options: [{ label: 'A', value: 'a' }] },
    },
    { type: 18, label: 'F', component: { type: 19, custom_id: 'f', file_types: ['image'] } },
  ],
};
const rows = [
  { id: '600000000000000001', type: 1, permission: false },
  { id: '610000000000000001', type: 1, permission: true },
];
const png = 'data:image/png;base64,iVBORw0KGgo=';

/**
 * name → [a valid input, the call, how many levels of the input are the
 * test's own holder (a mapping or list of the rule's arguments, or lists
 * whose type the caller guarantees)]. The shapes replace the nodes below.
 */
const RULES: Record<string, [unknown, (v: any) => unknown, number?]> = {
  validateCommand: [
    slash,
    (v) => [
      command.validateCommand(v, { scope: GLOBAL, limits }),
      command.validateCommand(v, { scope: guildScope('600000000000000001'), limits, partial: { type: 1 } }),
    ],
  ],
  validateScopeCommands: [
    [slash, { type: 2, name: 'Profile' }],
    (v) => scope.validateScopeCommands(v, GLOBAL, limits),
    1,
  ],
  validateOptions: [slash.options, (v) => options.validateOptions([], v, ['options'], 'command', limits)],
  checkLocalizedOptionNames: [slash.options, (v) => optionNames.checkLocalizedOptionNames([], v, ['options'])],
  checkChatInputName: [{ n: 'admin' }, (v) => optionNames.checkChatInputName([], v.n, ['name'], limits, true), 1],
  checkLocalizations: [
    { fr: 'nom' },
    (v) => localizations.checkLocalizations([], v, ['name_localizations'], { field: 'name', max: 32 } as never),
  ],
  validatePermissionEntries: [rows, (v) => permissions.validatePermissionEntries(v, limits)],
  conflictingRows: [
    [rows, rows.map((r) => ({ ...r, permission: !r.permission }))],
    (v) => access.conflictingRows(v[0], v[1]),
    2,
  ],
  applicationCommandProblems: [slash, (v) => serviceRules.applicationCommandProblems(v, app, GLOBAL)],
  typeChangeProblem: [slash, (v) => serviceRules.typeChangeProblem(1, v)],
  entryPointOwnerProblem: [{ type: 4 }, (v) => serviceRules.entryPointOwnerProblem(v.type, false), 1],
  dailyCreatesProblem: [{ used: 1 }, (v) => serviceRules.dailyCreatesProblem(v.used, 1, limits, GLOBAL), 1],
  validateWebhookName: [
    { name: 'Alerts' },
    (v) => webhookName.validateWebhookName(v.name, limits, { path: ['name'] }),
    1,
  ],
  validateWebhookSet: [
    [
      { channel_id: '620000000000000001', name: 'A', key: 'a', avatar: 'a.png', prune: false },
      { channel_id: '620000000000000001', name: 'B' },
    ],
    (v) => webhookSet.validateWebhookSet(v, limits),
    1,
  ],
  validateWebhookCreateBody: [{ name: 'A', avatar: png }, (v) => webhook.validateWebhookCreateBody(v, limits)],
  validateWebhookEditBody: [
    { name: 'A', avatar: png, channel_id: '620000000000000001' },
    (v) => [false, true].map((byToken) => webhook.validateWebhookEditBody(v, limits, { byToken })),
  ],
  validateEmbeds: [embeds, (v) => embed.validateEmbeds(v, limits)],
  unknownEmbedKeys: [embeds, (v) => embed.unknownEmbedKeys(v)],
  validateExecuteBody: [
    messageBody,
    (v) =>
      [ChannelType.GUILD_TEXT, ChannelType.GUILD_FORUM].map((channelType) =>
        message.validateExecuteBody(v, {
          limits,
          channelType,
          hasFiles: false,
          withComponents: true,
          applicationOwned: true,
          availableTags: ['1'],
        }),
      ),
  ],
  validateEditMessageBody: [
    messageBody,
    (v) =>
      message.validateEditMessageBody(v, {
        limits,
        previous: { content: 'a', embeds: [], attachments: [], components: [], poll: null, flags: 0 },
        hasFiles: false,
        withComponents: true,
        applicationOwned: true,
      }),
  ],
  entryPointRemovalProblem: [{}, () => serviceRules.entryPointRemovalProblem()],
  checkContent: [{ content: 'hi' }, (v) => messageFields.checkContent([], v.content, limits), 1],
  checkAttachments: [messageBody.attachments, (v) => messageFields.checkAttachments([], v)],
  checkPoll: [messageBody.poll, (v) => messageFields.checkPoll([], v)],
  checkAllowedMentions: [messageBody.allowed_mentions, (v) => allowedMentions.checkAllowedMentions([], v)],
  checkComponents: [
    messageBody,
    (v) =>
      (['application', 'application-webhook', 'webhook'] as const).map((sender) =>
        messageComponents.checkComponents([], v, { sender, withComponents: true }),
      ),
    1,
  ],
  checkMessageComponents: [
    componentsBody,
    (v) =>
      [0, 32768].map((previousFlags) =>
        componentsMessage.checkMessageComponents(v, { sender: 'webhook', withComponents: true, previousFlags }),
      ),
  ],
  checkComponentTree: [
    componentsBody.components,
    (v) => [true, false].map((v2) => componentsMessage.checkComponentTree(v, v2)),
    1,
  ],
  checkModalData: [modalData, (v) => componentsModal.checkModalData(v)],
  checkFlags: [{ flags: 4 }, (v) => messageFlags.checkFlags([], v.flags, messageFlags.EXECUTE_FLAGS, 'an execute'), 1],
  checkThreadFields: [
    messageBody,
    (v) =>
      [ChannelType.GUILD_TEXT, ChannelType.GUILD_FORUM].map((channelType) =>
        messageThread.checkThreadFields([], v, { limits, channelType, availableTags: ['1'] }),
      ),
    1,
  ],
  checkAutocompleteAndChoices: [
    slash.options[1].options![0],
    (v) => [3, 4, 10, 5].map((type) => optionValues.checkAutocompleteAndChoices([], type, v, ['options', 0], limits)),
    1,
  ],
  checkRanges: [
    slash.options[1].options![1],
    (v) => [3, 4, 10, 5].map((type) => optionValues.checkRanges([], type, v, ['options', 0], limits)),
    1,
  ],
  validateSnowflakeQuery: [
    { raw: '620000000000000001' },
    (v) => messageQuery.validateSnowflakeQuery(v.raw, 'thread_id'),
    1,
  ],
  callbackDataProblem: [messageBody, (v) => [4, 7, 8, 9].map((t) => callback.callbackDataProblem(t, v))],
};

describe('every rule survives every odd shape', () => {
  it('the table names every rule the spec exports', () => {
    const exported = Object.values(MODULES).flatMap((m) =>
      Object.entries(m)
        .filter(([n, f]) => typeof f === 'function' && RULE_NAME.test(n))
        .map(([n]) => n),
    );
    expect(exported.filter((n) => !(n in RULES)).sort()).toEqual([]);
  });

  for (const [name, [valid, call, holder]] of Object.entries(RULES)) {
    it(name, () => {
      call(valid);
      const failures: string[] = [];
      for (const { path, shape, variant } of oddVariants({ root: valid })) {
        if (path.length <= (holder ?? 0)) continue;
        try {
          call((variant as { root: unknown }).root);
        } catch (err) {
          failures.push(
            `${path.slice(1).join('.') || '(root)'} = ${JSON.stringify(shape)}: ${(err as Error).stack?.split('\n').slice(0, 3).join(' | ')}`,
          );
        }
      }
      expect(failures.slice(0, 10), `${failures.length} threw`).toEqual([]);
    });
  }
});
