/**
 * The runner against a real HTTP-interactions bot (node:http and the
 * discord-interactions package's verifyKey, fixtures/bot-test/bots/http/):
 * the endpoint set to the port the runner chose, ready once it answered the
 * signed PING, then a reply, a deferred answer with its follow-up,
 * autocomplete, a refusal, a button and a modal.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runTestFiles } from '../../src/bot-test/run/run-files.js';
import { FIXTURES } from '../helpers/fixtures.js';

test('every scenario of the HTTP bot passes, over signed HTTP deliveries', async () => {
  const result = await runTestFiles({ files: [join(FIXTURES, 'bot-test/bots/http/passing.test.yaml')] });
  const file = result.files[0]!;
  expect(file.problems).toBeUndefined();
  expect(file.scenarios.filter((s) => s.status !== 'passed').map((s) => ({ name: s.name, steps: s.steps }))).toEqual(
    [],
  );
  expect(result).toMatchObject({ passed: 5, failed: 0, errors: 0 });
  expect(file.scenarios[0]!.transcript).toContainEqual(
    expect.objectContaining({
      kind: 'delivery',
      transport: 'http',
      name: 'ping',
      outcome: 'answered (callback type 4)',
    }),
  );
}, 120_000);
