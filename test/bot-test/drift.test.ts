/**
 * The plan of the manifest against the world a bot left, read backwards
 * (bot-test/match/drift.ts): a delete is a command the bot added, a create
 * one it removed, an update, rename or replace a change with the manifest's
 * value and the bot's side by side; a no-op is no difference.
 */
import { describe, expect, it } from 'vitest';
import { commandDifferences } from '../../src/bot-test/match/drift.js';
import type { CommandAction, ScopePlan } from '../../src/plan/model.js';

const action = (kind: CommandAction['kind'], name: string, more: Partial<CommandAction> = {}): CommandAction => ({
  kind,
  address: `global/chat_input/${name}`,
  type: 1,
  name,
  changes: [],
  ...(kind !== 'delete' ? { origin: { file: 'cmdsync.yaml', path: ['commands', 0] } } : {}),
  ...more,
});
const scope = (actions: CommandAction[]) => ({ scopes: [{ actions } as unknown as ScopePlan] });
const at = { file: 'cmdsync.yaml', line: 3, column: 5 };

describe('commandDifferences', () => {
  it('reads each action from the manifest to the bot, located where the manifest declares it', () => {
    const diffs = commandDifferences(
      scope([
        action('noop', 'same'),
        action('delete', 'extra'),
        action('create', 'gone'),
        action('update', 'ping', {
          changes: [
            { path: 'description', before: 'bot words', after: 'manifest words' },
            { path: 'nsfw', before: true },
            { path: 'options', after: [] },
          ],
        }),
        action('replace', 'kind', { changes: [{ path: 'type', before: 2, after: 1 }] }),
      ]),
      () => at,
    );
    expect(diffs).toEqual([
      { kind: 'added', address: 'global/chat_input/extra' },
      { kind: 'removed', address: 'global/chat_input/gone', at },
      {
        kind: 'changed',
        address: 'global/chat_input/ping',
        at,
        fields: [
          { path: 'description', manifest: 'manifest words', bot: 'bot words' },
          { path: 'nsfw', bot: true },
          { path: 'options', manifest: [] },
        ],
      },
      { kind: 'changed', address: 'global/chat_input/kind', at, fields: [{ path: 'type', manifest: 1, bot: 2 }] },
    ]);
  });

  it('a plan with nothing to do: no difference; a place the manifest cannot name is left out', () => {
    expect(commandDifferences(scope([action('noop', 'a')]), () => at)).toEqual([]);
    expect(commandDifferences(scope([action('create', 'b')]), () => undefined)).toEqual([
      { kind: 'removed', address: 'global/chat_input/b' },
    ]);
  });
});
