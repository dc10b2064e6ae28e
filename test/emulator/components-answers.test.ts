/**
 * Components and modals in interaction answers over real HTTP: a signed
 * endpoint acknowledges with 202 and then calls the callback and webhook
 * routes itself, as a bot does, so each refusal's status and body is seen
 * (facts components §3.1, §4.1, §4.2). A modal in answer to a modal submit
 * is refused by the callback-type rule (issue 27's component delivery, tested there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';

interface Sent {
  status: number;
  body: any;
}
type Script = (post: (path: string, body: unknown, method?: string) => Promise<Sent>) => Promise<Sent[]>;

let em: RunningEmulator;
let endpoint: SignedEndpoint;
/** What the bot does with the next interaction, and what came of it. */
let script: Script = async () => [];
let done: Promise<Sent[]> = Promise.resolve([]);

beforeAll(async () => {
  em = await startEmulator({ seed: interactionSeed(), rateLimits: false });
  endpoint = await startSignedEndpoint({
    publicKey: () => em.credentials.publicKey,
    answer: (i, _reply, res) => {
      res.writeHead(202).end();
      const post = async (path: string, body: unknown, method = 'POST'): Promise<Sent> => {
        const url =
          path === 'callback'
            ? `${em.url}/interactions/${i.id}/${i.token}/callback?with_response=true`
            : `${em.url}/webhooks/${APP}/${i.token}${path}`;
        const r = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await r.text();
        return { status: r.status, body: text ? JSON.parse(text) : undefined };
      };
      done = script(post);
    },
  });
  em.world.applications[APP]!.interactionsEndpointUrl = endpoint.url;
});
afterAll(async () => {
  await em.close();
  await endpoint.close();
});

/** Invokes /hello with the bot doing `s`; returns what each of its requests answered. */
async function run(s: Script): Promise<Sent[]> {
  script = s;
  const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
  expect(out.outcome).toBe('answered');
  return done;
}

const row = (...components: unknown[]) => ({ type: 1, components });
const button = { type: 2, style: 1, label: 'Confirm', custom_id: 'confirm' };

describe('interaction answers with components', () => {
  it('a button is accepted; an invalid select is refused with 50035 and the tree under data', async () => {
    const [refused, accepted] = await run(async (post) => [
      await post('callback', {
        type: 4,
        data: {
          content: 'Pick',
          components: [
            row({ type: 3, custom_id: 'fruit', min_values: 3, max_values: 2, options: [{ label: 'A', value: 'a' }] }),
          ],
        },
      }),
      await post('callback', { type: 4, data: { content: 'Sure?', components: [row(button)] } }),
    ]);
    expect(refused).toEqual({
      status: 400,
      body: {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          data: {
            components: {
              0: {
                components: {
                  0: {
                    min_values: {
                      _errors: [
                        {
                          code: 'SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX',
                          message: 'min_values cannot be greater than max_values',
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.resource.message.components).toEqual([{ type: 1, id: 1, components: [{ ...button, id: 2 }] }]);
    expect(em.world.messages[accepted.body.resource.message.id]?.message.components).toEqual(
      accepted.body.resource.message.components,
    );
  });

  it('follow-ups and edits of the original are judged by the same rules (errors at the body root)', async () => {
    const [, followup, badFollowup, badEdit] = await run(async (post) => [
      await post('callback', { type: 4, data: { content: 'ok' } }),
      await post('', {
        content: 'more',
        components: [row({ type: 5, custom_id: 'who', default_values: [{ id: BOB, type: 'user' }] })],
      }),
      await post('', { components: [row({ type: 5, custom_id: 'who', default_values: [{ id: BOB, type: 'role' }] })] }),
      await post('/messages/@original', { components: [row(button, button)] }, 'PATCH'),
    ]);
    expect(followup.status).toBe(200);
    expect(followup.body.components[0].components[0].default_values).toEqual([{ id: BOB, type: 'user' }]);
    expect(badFollowup.status).toBe(400);
    expect(badFollowup.body.errors.components[0].components[0].default_values[0].type._errors).toEqual([
      { code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (user).' },
    ]);
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.errors.components[0].components[1].custom_id._errors[0].code).toBe(
      'COMPONENT_CUSTOM_ID_DUPLICATED',
    );
  });
});

describe('modals (callback 9)', () => {
  const modal = {
    custom_id: 'feedback',
    title: 'Feedback',
    components: [
      { type: 18, label: 'What went well?', component: { type: 4, custom_id: 'good', style: 2, max_length: 500 } },
    ],
  };

  it('a valid modal is accepted; an invalid one refused under data; a second answer is 40060', async () => {
    const [invalid, accepted, again] = await run(async (post) => [
      await post('callback', {
        type: 9,
        data: {
          ...modal,
          title: 'x'.repeat(46),
          components: [{ type: 18, label: 'L', component: { ...modal.components[0]!.component, disabled: true } }],
        },
      }),
      await post('callback', { type: 9, data: modal }),
      await post('callback', { type: 9, data: modal }),
    ]);
    expect(invalid).toEqual({
      status: 400,
      body: {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          data: {
            title: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 45 or fewer in length.' }] },
            components: {
              0: {
                component: {
                  disabled: {
                    _errors: [
                      {
                        code: 'MODAL_COMPONENT_DISABLED_NOT_ALLOWED',
                        message: 'Components in a modal cannot be disabled',
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.resource).toEqual({ type: 9 });
    expect(again).toEqual({ status: 400, body: { code: 40060, message: 'Interaction has already been acknowledged' } });
  });
});
