import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffValues } from '../../src/plan/diff.js';
import { alignUnmanaged, normalizeCommand } from '../../src/plan/normalize.js';
import { GLOBAL, guildScope, type Scope } from '../../src/wire/scope.js';
import { CORPUS } from '../helpers/fixtures.js';

type Obj = Record<string, unknown>;

/** The changes a plan would show between a manifest body and a remote record. */
function changes(desired: Obj, remote: Obj, scope: Scope = GLOBAL) {
  const r = normalizeCommand(remote, scope);
  return diffValues(r, alignUnmanaged(normalizeCommand(desired, scope), desired, r));
}

const REMOTE_GLOBAL = {
  id: '1',
  application_id: '2',
  version: '3',
  default_member_permissions: null,
  type: 1,
  name: 'ping',
  description: 'Ping',
  dm_permission: true,
  contexts: null,
  integration_types: [0],
  nsfw: false,
};

describe('no false diffs (peers §4.6): spellings the service treats as the same', () => {
  it.each<[string, Obj, Obj]>([
    [
      'integration_types defaulted remotely, omitted locally (discord.js#10596)',
      { name: 'ping', description: 'Ping' },
      { ...REMOTE_GLOBAL, integration_types: [0, 1] },
    ],
    ['contexts null remotely, omitted locally (api-docs#6744)', { name: 'ping', description: 'Ping' }, REMOTE_GLOBAL],
    [
      'contexts [0,1,2] remotely for "never set", omitted locally',
      { name: 'ping', description: 'Ping' },
      { ...REMOTE_GLOBAL, contexts: [2, 0, 1] },
    ],
    [
      'dm_permission true remotely, undefined locally (discord.js#8100)',
      { name: 'ping', description: 'Ping' },
      REMOTE_GLOBAL,
    ],
    [
      'dm_permission ignored once contexts are set',
      { name: 'ping', description: 'Ping', contexts: [0] },
      { ...REMOTE_GLOBAL, contexts: [0], dm_permission: false },
    ],
    [
      'required:false locally, omitted remotely (discord.js#5838)',
      { name: 'ping', description: 'Ping', options: [{ type: 3, name: 'a', description: 'A', required: false }] },
      { ...REMOTE_GLOBAL, options: [{ type: 3, name: 'a', description: 'A' }] },
    ],
    [
      'autocomplete:false locally, omitted remotely',
      { name: 'ping', description: 'Ping', options: [{ type: 3, name: 'a', description: 'A', autocomplete: false }] },
      { ...REMOTE_GLOBAL, options: [{ type: 3, name: 'a', description: 'A' }] },
    ],
    [
      'localizations {} vs null vs absent (NAFF#614)',
      { name: 'ping', description: 'Ping', name_localizations: {} },
      { ...REMOTE_GLOBAL, name_localizations: null, description_localizations: null },
    ],
    [
      'choice name_localizations null remotely, absent locally',
      {
        name: 'ping',
        description: 'Ping',
        options: [{ type: 3, name: 'a', description: 'A', choices: [{ name: 'x', value: 'x' }] }],
      },
      {
        ...REMOTE_GLOBAL,
        options: [
          {
            type: 3,
            name: 'a',
            description: 'A',
            name_localizations: null,
            description_localizations: null,
            choices: [{ name: 'x', name_localizations: null, value: 'x' }],
          },
        ],
      },
    ],
    ['empty options [] locally, absent remotely', { name: 'ping', description: 'Ping', options: [] }, REMOTE_GLOBAL],
    [
      'empty nested options on a subcommand',
      { name: 'ping', description: 'Ping', options: [{ type: 1, name: 's', description: 'S', options: [] }] },
      { ...REMOTE_GLOBAL, options: [{ type: 1, name: 's', description: 'S' }] },
    ],
    [
      'a localization equal to the default (the service drops it)',
      { name: 'ping', description: 'Ping', name_localizations: { 'en-US': 'ping', fr: 'pong' } },
      { ...REMOTE_GLOBAL, name_localizations: { fr: 'pong' } },
    ],
    [
      'localization key order',
      { name: 'ping', description: 'Ping', name_localizations: { fr: 'a', de: 'b' } },
      { ...REMOTE_GLOBAL, name_localizations: { de: 'b', fr: 'a' } },
    ],
    [
      'channel_types as a set',
      { name: 'ping', description: 'Ping', options: [{ type: 7, name: 'c', description: 'C', channel_types: [5, 0] }] },
      { ...REMOTE_GLOBAL, options: [{ type: 7, name: 'c', description: 'C', channel_types: [0, 5] }] },
    ],
    [
      'default_member_permissions as a number vs a string',
      { name: 'ping', description: 'Ping', default_member_permissions: 8 },
      { ...REMOTE_GLOBAL, default_member_permissions: '8' },
    ],
    ['absent default_member_permissions vs null', { name: 'ping', description: 'Ping' }, REMOTE_GLOBAL],
    ['nsfw absent vs false', { name: 'ping', description: 'Ping' }, REMOTE_GLOBAL],
    [
      'description "" for a USER command, absent locally',
      { type: 2, name: 'Profile' },
      { ...REMOTE_GLOBAL, type: 2, name: 'Profile', description: '' },
    ],
    [
      'spaces the service trims from a MESSAGE name',
      { type: 3, name: ' Report ' },
      { ...REMOTE_GLOBAL, type: 3, name: 'Report', description: '' },
    ],
    ['type absent vs 1', { name: 'ping', description: 'Ping' }, { ...REMOTE_GLOBAL, type: 1 }],
    ['legacy default_permission', { name: 'ping', description: 'Ping', default_permission: true }, REMOTE_GLOBAL],
    [
      'response-only fields (ids, version, *_localized)',
      { name: 'ping', description: 'Ping' },
      { ...REMOTE_GLOBAL, name_localized: 'ping', description_localized: 'Ping', guild_id: '9' },
    ],
  ])('%s', (_label, desired, remote) => {
    expect(changes(desired, remote)).toEqual([]);
  });

  it('guild commands: dm_permission, contexts and integration_types do not exist there', () => {
    const remote = {
      id: '1',
      application_id: '2',
      version: '3',
      default_member_permissions: null,
      type: 1,
      name: 'ping',
      description: 'Ping',
      guild_id: '5',
      nsfw: false,
    };
    expect(
      changes(
        { name: 'ping', description: 'Ping', dm_permission: false, contexts: [0], integration_types: [0] },
        remote,
        guildScope('5'),
      ),
    ).toEqual([]);
  });
});

describe('no missed diffs (peers §4.7): every real change shows', () => {
  const base = {
    name: 'ping',
    description: 'Ping',
    options: [
      {
        type: 2,
        name: 'g',
        description: 'G',
        options: [
          { type: 1, name: 'a', description: 'A' },
          { type: 1, name: 'b', description: 'B' },
        ],
      },
      {
        type: 3,
        name: 's',
        description: 'S',
        choices: [
          { name: 'x', value: 'x' },
          { name: 'y', value: 'y' },
        ],
      },
    ],
  };
  const opts = (o: Obj[]) => ({ ...base, options: o });
  const remote = { ...REMOTE_GLOBAL, ...base };
  it.each<[string, Obj, string]>([
    ['nsfw (missed by Sapphire and Carbon)', { ...base, nsfw: true }, 'nsfw'],
    [
      'a removed subcommand inside a group (missed by Sapphire)',
      opts([{ ...base.options[0], options: [base.options[0].options![0]] }, base.options[1]]),
      'options[0].options[1]',
    ],
    ['option order (missed by discord.js by default)', opts([base.options[1], base.options[0]]), 'options[0].type'],
    [
      'choice order',
      opts([
        base.options[0],
        {
          ...base.options[1],
          choices: [
            { name: 'y', value: 'y' },
            { name: 'x', value: 'x' },
          ],
        },
      ]),
      'options[1].choices[0].name',
    ],
    [
      'a choice localization edit',
      opts([
        base.options[0],
        {
          ...base.options[1],
          choices: [
            { name: 'x', value: 'x', name_localizations: { fr: 'ix' } },
            { name: 'y', value: 'y' },
          ],
        },
      ]),
      'options[1].choices[0].name_localizations',
    ],
    [
      'a choice value type ("1" vs 1)',
      opts([
        base.options[0],
        {
          ...base.options[1],
          type: 4,
          choices: [
            { name: 'x', value: 1 },
            { name: 'y', value: 2 },
          ],
        },
      ]),
      'options[1].type',
    ],
    [
      'required (missed by py-cord)',
      opts([base.options[0], { ...base.options[1], required: true }]),
      'options[1].required',
    ],
    [
      'min/max (missed by py-cord)',
      opts([base.options[0], { ...base.options[1], min_length: 2 }]),
      'options[1].min_length',
    ],
    [
      'a top-level localization (missed by interactions.py)',
      { ...base, description_localizations: { fr: 'Pingue' } },
      'description_localizations',
    ],
    ['contexts when set (missed by discord-sync-commands)', { ...base, contexts: [0] }, 'contexts'],
    ['integration types when set', { ...base, integration_types: [0, 1] }, 'integration_types'],
    ['default_member_permissions', { ...base, default_member_permissions: '32' }, 'default_member_permissions'],
    ['a description', { ...base, description: 'Pong' }, 'description'],
  ])('%s', (_label, desired, path) => {
    expect(changes(desired, remote).map((c) => c.path)).toContain(path);
  });
});

describe('real service responses normalize like the definitions that produce them', () => {
  const RESPONSE_ONLY = [
    'id',
    'application_id',
    'version',
    'guild_id',
    'name_localized',
    'description_localized',
    'default_permission',
  ];
  const strip = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([k]) => !RESPONSE_ONLY.includes(k)));
  /** The smallest definition a user would write: defaults and nulls left out. */
  const minimal = (o: unknown): unknown => {
    if (Array.isArray(o)) return o.map(minimal);
    if (o === null || typeof o !== 'object') return o;
    return Object.fromEntries(
      Object.entries(o as Obj)
        .filter(
          ([k, v]) =>
            !RESPONSE_ONLY.includes(k) &&
            v !== null &&
            !(k === 'nsfw' && v === false) &&
            !(k === 'dm_permission' && v === true) &&
            k !== 'integration_types' &&
            !(k === 'description' && v === ''),
        )
        .map(([k, v]) => [k, minimal(v)]),
    );
  };
  const files = [
    'heatlabs--heat-labs-configs.json',
    'chrisae9--discord-interactions-webhook.json',
    'smayxor--stock-create-response.json',
    'unidentified-python-client--blep-create-response.json',
    'unidentified-giveaway-dog-docs--create-response.json',
    'discord-api-docs-issue-4838--guild-get.json',
    'discord-api-docs-issue-4579--guild-create-response.json',
  ];
  for (const f of files) {
    it(f, () => {
      const { commands } = JSON.parse(readFileSync(join(CORPUS, 'real-get', f), 'utf8')) as { commands: Obj[] };
      for (const remote of commands) {
        const scope = 'guild_id' in remote ? guildScope('1') : GLOBAL;
        expect(changes(strip(remote), remote, scope), `${remote.name} as returned`).toEqual([]);
        expect(changes(minimal(remote) as Obj, remote, scope), `${remote.name} as a minimal manifest`).toEqual([]);
      }
    });
  }
});
