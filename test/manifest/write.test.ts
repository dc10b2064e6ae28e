/**
 * `manifestFromState` over real service responses (corpus/real-get): the
 * written manifest lints clean and reads back to commands that normalize to
 * the remote ones, in YAML and in JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintPath } from '../../src/cli/commands/lint.js';
import { wireCommand } from '../../src/manifest/canonicalize.js';
import { loadManifest, type LoadedManifest } from '../../src/manifest/load.js';
import { commandToManifest, manifestFromState, stringifyManifest } from '../../src/manifest/write.js';
import { canonicalCommand } from '../../src/wire/defaults.js';
import { GLOBAL, guildScope, type Scope } from '../../src/wire/scope.js';
import { isSnowflake } from '../../src/wire/snowflake.js';
import type { State } from '../../src/wire/state.js';
import { CORPUS, fixtureFiles } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const REAL_GET = join(CORPUS, 'real-get');
const APP = '100000000000000001';
const GUILD = '200000000000000001';
type Obj = Record<string, any>;

/** The bot-side responses: list GETs, create responses, guild GET/create. */
const BOT_SIDE = fixtureFiles(REAL_GET, /^(?!user-client-).*\.json$/);
const USER_SIDE = fixtureFiles(REAL_GET, /^user-client-.*\.json$/);

function corpus(file: string): Obj[] {
  return JSON.parse(readFileSync(join(REAL_GET, file), 'utf8')).commands;
}

/** Guild commands carry guild_id; the issue samples elide it, so any non-snowflake becomes our test guild. */
function scopeOf(c: Obj): Scope {
  if (c.guild_id === undefined) return GLOBAL;
  return guildScope(isSnowflake(c.guild_id) ? c.guild_id : GUILD);
}

function stateOf(commands: Obj[]): State {
  const scopes = new Map<string, State['scopes'][number]>();
  scopes.set('global', { scope: GLOBAL, commands: [] });
  commands.forEach((c, i) => {
    const scope = scopeOf(c);
    const key = scope.kind === 'global' ? 'global' : scope.guildId;
    if (!scopes.has(key)) scopes.set(key, { scope, commands: [] });
    scopes.get(key)!.commands.push({ body: c, id: isSnowflake(c.id) ? c.id : `30000000000000000${i}` });
  });
  return { applicationId: APP, scopes: [...scopes.values()] };
}

function writeAndLoad(
  doc: Obj,
  format: 'yaml' | 'json',
): { dir: string; file: string; text: string; manifest: LoadedManifest } {
  const file = format === 'yaml' ? 'cmdsync.yaml' : 'cmdsync.json';
  const text = stringifyManifest(doc, format);
  const dir = testdir({ [file]: text });
  const { manifest, diagnostics } = loadManifest(file, { cwd: dir, env: {} });
  expect(diagnostics).toEqual([]);
  return { dir, file, text, manifest: manifest! };
}

function expectLintClean(dir: string, file: string, allow: string[] = []): void {
  const report = lintPath(file, { cwd: dir, env: {} });
  expect(
    report.diagnostics.filter((d) => !allow.includes(d.rule)).map((d) => `${d.line}:${d.col} ${d.rule} ${d.message}`),
  ).toEqual([]);
}

/** What the service would store for a body: the comparison the planner's normalizer makes. */
function canonical(body: Obj, scope: Scope, appIntegrationTypes?: number[]): Obj {
  return JSON.parse(JSON.stringify(canonicalCommand(body, scope, appIntegrationTypes)));
}

function expectRoundTrip(remote: Obj[], manifest: LoadedManifest): void {
  const loaded = [
    ...manifest.global.commands.map((c) => ({ scope: GLOBAL as Scope, body: wireCommand(c.command) })),
    ...manifest.guilds.flatMap((g) =>
      g.commands.map((c) => ({ scope: guildScope(g.id) as Scope, body: wireCommand(c.command) })),
    ),
  ];
  expect(loaded).toHaveLength(remote.length);
  for (const r of remote) {
    const scope = scopeOf(r);
    const match = loaded.find(
      (l) =>
        JSON.stringify(l.scope) === JSON.stringify(scope) && l.body.name === r.name && (l.body.type ?? 1) === r.type,
    );
    expect(match, `${r.name} is written`).toBeDefined();
    // A remote without integration_types (older samples) has them defaulted: both sides take the app's default then.
    const appTypes = Array.isArray(r.integration_types) ? r.integration_types : undefined;
    expect(canonical(match!.body, scope, appTypes), r.name).toEqual(canonical(r, scope, appTypes));
  }
}

describe('manifestFromState on real service responses', () => {
  for (const file of BOT_SIDE) {
    for (const format of ['yaml', 'json'] as const) {
      test(`${file} (${format}) lints clean and round-trips`, () => {
        const remote = corpus(file);
        const { dir, file: written, manifest } = writeAndLoad(manifestFromState(stateOf(remote)), format);
        expectLintClean(dir, written);
        expectRoundTrip(remote, manifest);
      });
    }
  }

  // Client-side copies carry extra fields (name_localized, default_permission…); each command on its own, as the timeline repeats one.
  // They also lack integration_types, which every bot-side global response has: Dyno's contexts [0,1,2] then reads as
  // "private channel without user install", a finding about the capture, not about what pull writes.
  for (const file of USER_SIDE) {
    test(`${file}: client-side objects lint clean and round-trip`, () => {
      for (const c of corpus(file)) {
        const { dir, file: written, manifest } = writeAndLoad(manifestFromState(stateOf([c])), 'yaml');
        expectLintClean(dir, written, c.integration_types ? [] : ['private-channel-needs-user-install']);
        expectRoundTrip([c], manifest);
      }
    });
  }

  test('response-only and defaulted fields are dropped', () => {
    const [heat] = corpus('heatlabs--heat-labs-configs.json');
    expect(commandToManifest(heat!, GLOBAL)).toEqual({
      name: 'agent',
      description: 'View detailed information about a specific HEAT Labs agent',
      integration_types: ['guild_install'],
      options: [
        {
          type: 'string',
          name: 'name',
          description: 'The name of the agent you want to view',
          required: true,
          autocomplete: true,
        },
      ],
    });
    const [user] = corpus('smayxor--stock-create-response.json');
    expect(commandToManifest(user!, GLOBAL)).toEqual({
      type: 'user',
      name: 'test2',
      contexts: ['guild', 'bot_dm', 'private_channel'],
      integration_types: ['guild_install', 'user_install'],
    });
    const [guild] = corpus('discord-api-docs-issue-4579--guild-create-response.json');
    expect(commandToManifest(guild!, guildScope(GUILD))).toEqual({ name: 'bug', description: 'bug repro' });
  });
});

describe('friendly spellings', () => {
  const full: Obj = {
    id: '300000000000000001',
    application_id: APP,
    version: '300000000000000002',
    type: 1,
    name: 'config',
    name_localizations: { fr: 'configurer', de: 'config' },
    description: 'Configure ${THING}',
    description_localizations: null,
    default_member_permissions: String((1n << 5n) | (1n << 3n)),
    dm_permission: false,
    contexts: null,
    integration_types: [0, 1],
    nsfw: true,
    options: [
      {
        type: 2,
        name: 'logging',
        description: 'Logging',
        options: [
          {
            type: 1,
            name: 'enable',
            description: 'Enable',
            options: [{ type: 7, name: 'where', description: 'Channel', required: true, channel_types: [0, 5, 15] }],
          },
        ],
      },
      { type: 4, name: 'minutes', description: 'Minutes', min_value: 0, max_value: 10080 },
      {
        type: 3,
        name: 'note',
        description: 'Note',
        min_length: 1,
        max_length: 200,
        required: false,
        autocomplete: false,
      },
      {
        type: 3,
        name: 'repeat',
        description: 'Repeat',
        choices: [
          { name: 'Daily', name_localizations: { fr: 'Tous les jours' }, value: 'daily' },
          { name: 'Never', name_localizations: null, value: 'never' },
        ],
      },
    ],
  };

  test('enums, permissions and localizations are written as a person would', () => {
    expect(commandToManifest(full, GLOBAL)).toEqual({
      name: 'config',
      // "de: config" equals the default name: the service drops it, so it is not written.
      name_localizations: { fr: 'configurer' },
      // `${` is escaped so loading does not read it as an environment variable.
      description: 'Configure $${THING}',
      default_member_permissions: ['ADMINISTRATOR', 'MANAGE_GUILD'],
      integration_types: ['guild_install', 'user_install'],
      dm_permission: false,
      nsfw: true,
      options: [
        {
          type: 'sub_command_group',
          name: 'logging',
          description: 'Logging',
          options: [
            {
              type: 'sub_command',
              name: 'enable',
              description: 'Enable',
              options: [
                {
                  type: 'channel',
                  name: 'where',
                  description: 'Channel',
                  required: true,
                  channel_types: ['guild_text', 'guild_announcement', 'guild_forum'],
                },
              ],
            },
          ],
        },
        { type: 'integer', name: 'minutes', description: 'Minutes', min_value: 0, max_value: 10080 },
        { type: 'string', name: 'note', description: 'Note', min_length: 1, max_length: 200 },
        {
          type: 'string',
          name: 'repeat',
          description: 'Repeat',
          choices: [
            { name: 'Daily', name_localizations: { fr: 'Tous les jours' }, value: 'daily' },
            { name: 'Never', value: 'never' },
          ],
        },
      ],
    });
  });

  test('"0" stays "0"; contexts win over dm_permission; the entry point keeps a non-default handler', () => {
    expect(
      commandToManifest(
        {
          type: 3,
          name: 'Report',
          description: '',
          default_member_permissions: '0',
          dm_permission: false,
          contexts: [0],
          integration_types: [0],
        },
        GLOBAL,
      ),
    ).toEqual({
      type: 'message',
      name: 'Report',
      default_member_permissions: '0',
      contexts: ['guild'],
      integration_types: ['guild_install'],
    });
    expect(
      commandToManifest(
        {
          type: 4,
          name: 'launch',
          description: 'Launch an activity',
          handler: 2,
          integration_types: [0, 1],
          contexts: null,
          dm_permission: true,
        },
        GLOBAL,
      ),
    ).toEqual({
      type: 'primary_entry_point',
      name: 'launch',
      description: 'Launch an activity',
      integration_types: ['guild_install', 'user_install'],
      handler: 'discord_launch_activity',
    });
  });

  test('full commands round-trip through YAML and JSON and lint clean', () => {
    // A command takes subcommands or plain options, not both: split the sample into two valid commands.
    const group: Obj = { ...full, options: full.options.slice(0, 1) };
    const plain: Obj = {
      ...full,
      id: '300000000000000003',
      name: 'remind',
      name_localizations: null,
      options: full.options.slice(1),
    };
    for (const format of ['yaml', 'json'] as const) {
      const { dir, file, manifest } = writeAndLoad(
        manifestFromState({
          applicationId: APP,
          scopes: [{ scope: GLOBAL, commands: [group, plain].map((c) => ({ body: c, id: c.id })) }],
        }),
        format,
      );
      expectLintClean(dir, file);
      expectRoundTrip([group, plain], manifest);
      expect(manifest.applicationId).toBe(APP);
    }
  });
});

describe('guild permissions', () => {
  const globalCmds = [
    { id: '400000000000000001', type: 1, name: 'info', description: 'Info' },
    { id: '400000000000000002', type: 2, name: 'info', description: '' },
    { id: '400000000000000003', type: 3, name: 'Report message', description: '' },
  ];
  const guildCmds = [{ id: '400000000000000004', type: 1, name: 'debug', description: 'Debug', guild_id: GUILD }];
  const everyone = { id: GUILD, type: 1, permission: false };
  const allChannels = { id: (BigInt(GUILD) - 1n).toString(), type: 3, permission: false };
  const state = (extra: State['scopes'][number]['permissions'] = []): State => ({
    applicationId: APP,
    scopes: [
      { scope: GLOBAL, commands: globalCmds.map((c) => ({ body: c, id: c.id })) },
      {
        scope: guildScope(GUILD),
        commands: guildCmds.map((c) => ({ body: c, id: c.id })),
        permissions: [
          {
            target: { kind: 'command', id: '400000000000000004' },
            entries: [
              everyone,
              { id: '500000000000000001', type: 1, permission: true },
              allChannels,
              { id: '500000000000000002', type: 3, permission: true },
            ],
          },
          {
            target: { kind: 'command', id: '400000000000000001' },
            entries: [{ id: '500000000000000003', type: 2, permission: true }],
          },
          {
            target: { kind: 'command', id: '400000000000000003' },
            entries: [{ id: '500000000000000003', type: 2, permission: false }],
          },
          { target: { kind: 'application' }, entries: [{ id: '500000000000000004', type: 1, permission: true }] },
          ...extra,
        ],
      },
    ],
  });

  test('sets are keyed by name, type:name when the name is shared across types, * for the app row', () => {
    const doc = manifestFromState(state(), { guildNames: { [GUILD]: 'Test server' } });
    expect(doc.guilds).toEqual([
      {
        id: GUILD,
        name: 'Test server',
        commands: [{ name: 'debug', description: 'Debug' }],
        permissions: {
          debug: [
            { role: 'everyone', allow: false },
            { role: '500000000000000001', allow: true },
            { channel: 'all_channels', allow: false },
            { channel: '500000000000000002', allow: true },
          ],
          'chat_input:info': [{ user: '500000000000000003', allow: true }],
          'Report message': [{ user: '500000000000000003', allow: false }],
          '*': [{ role: '500000000000000004', allow: true }],
        },
      },
    ]);
  });

  test('the written permissions lint clean and load back to the same entries', () => {
    for (const format of ['yaml', 'json'] as const) {
      const remote = state();
      const { dir, file, text, manifest } = writeAndLoad(manifestFromState(remote), format);
      expectLintClean(dir, file);
      if (format === 'yaml') {
        // Ids are quoted strings: a bare 18-digit number would not survive JSON.parse-style readers.
        expect(text).toContain(`id: "${GUILD}"`);
        expect(text).toContain('- { role: everyone, allow: false }');
        expect(text).not.toMatch(/: \d{17,}\s*$/m);
      }
      const sets = manifest.guilds[0]!.permissions!;
      expect(sets.map((s) => s.target)).toEqual(['debug', 'chat_input:info', 'Report message', '*']);
      const remoteSets = remote.scopes[1]!.permissions!;
      sets.forEach((s, i) => {
        expect(s.entries).toEqual(remoteSets[i]!.entries);
      });
    }
  });

  test('a set whose command no longer exists is skipped with a warning; empty sets are not written', () => {
    const warnings: string[] = [];
    const doc = manifestFromState(
      state([{ target: { kind: 'command', id: '499999999999999999' }, entries: [everyone] }]),
      { onWarning: (m) => warnings.push(m) },
    );
    expect(Object.keys((doc.guilds as Obj[])[0]!.permissions)).toEqual([
      'debug',
      'chat_input:info',
      'Report message',
      '*',
    ]);
    expect(warnings).toEqual([expect.stringContaining('499999999999999999')]);

    const none = manifestFromState({
      applicationId: APP,
      scopes: [
        { scope: GLOBAL, commands: [] },
        { scope: guildScope(GUILD), commands: [], permissions: [] },
      ],
    });
    expect(none).toEqual({ application_id: APP, commands: [], guilds: [{ id: GUILD, commands: [] }] });
  });

  test('duplicate remote commands are written once, with a warning', () => {
    const warnings: string[] = [];
    const doc = manifestFromState(
      {
        applicationId: APP,
        scopes: [
          {
            scope: GLOBAL,
            commands: [
              { body: globalCmds[0]!, id: '1' },
              { body: { ...globalCmds[0]! }, id: '2' },
            ],
          },
        ],
      },
      { onWarning: (m) => warnings.push(m) },
    );
    expect(doc.commands).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });
});

describe('stringifyManifest', () => {
  const doc = {
    application_id: APP,
    commands: [{ name: 'ping', description: 'Ping: check # that it is alive', contexts: ['guild', 'bot_dm'] }],
  };

  test('YAML starts with the schema modeline, keeps ids quoted and short lists inline', () => {
    const text = stringifyManifest(doc, 'yaml');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*manifest\.schema\.json$/);
    expect(text).toContain(`application_id: "${APP}"`);
    expect(text).toContain('contexts: [ guild, bot_dm ]');
  });

  test('JSON carries a $schema key first and parses back to the document', () => {
    const text = stringifyManifest(doc, 'json');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)[0]).toBe('$schema');
    expect(parsed.$schema).toMatch(/manifest\.schema\.json$/);
    const { $schema: _s, ...rest } = parsed;
    expect(rest).toEqual(doc);
  });

  test('an empty global list is written, so the manifest never reads as "delete everything"', () => {
    const dir = testdir();
    writeFileSync(
      join(dir, 'cmdsync.yaml'),
      stringifyManifest(manifestFromState({ applicationId: APP, scopes: [{ scope: GLOBAL, commands: [] }] }), 'yaml'),
    );
    expect(readFileSync(join(dir, 'cmdsync.yaml'), 'utf8')).toContain('commands: []');
    expectLintClean(dir, 'cmdsync.yaml');
  });
});
