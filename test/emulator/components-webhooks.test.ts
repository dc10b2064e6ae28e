/**
 * Components on webhook messages over real HTTP (facts components §1.8, §4.1):
 * an application-owned webhook sends any valid components and gets the
 * service's 50035 tree for invalid ones; another webhook only non-interactive
 * ones with with_components=true; edits are judged the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type Client, IDS, startWebhookEmulator } from './webhooks-setup.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string };
const plain = { id: '7200000000000000001', token: 'q'.repeat(68) };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Buttons');
  emu.world.webhooks[plain.id] = {
    id: plain.id,
    type: 1,
    guild_id: IDS.guild,
    channel_id: IDS.text,
    name: 'Plain',
    avatar: null,
    token: plain.token,
    application_id: null,
    creatorId: IDS.member,
  };
});
afterAll(async () => {
  await emu.close();
});

const exec = (w: { id: string; token: string }, body: unknown, query = '?wait=true') =>
  c.call('POST', `/webhooks/${w.id}/${w.token}${query}`, { auth: null, body });
const row = (...components: unknown[]) => ({ type: 1, components });
const select = { type: 3, custom_id: 'fruit', placeholder: 'Pick', options: [{ label: 'Apple', value: 'apple' }] };

describe('webhook messages with components', () => {
  it('an application-owned webhook posts buttons and a select; they come back numbered', async () => {
    const sent = await exec(hook, {
      content: 'Choose',
      components: [row({ type: 2, style: 3, label: 'Yes', custom_id: 'yes' }), row(select)],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.components).toEqual([
      { type: 1, id: 1, components: [{ type: 2, id: 2, style: 3, label: 'Yes', custom_id: 'yes' }] },
      { type: 1, id: 3, components: [{ ...select, id: 4 }] },
    ]);
    const read = await c.call('GET', `/webhooks/${hook.id}/${hook.token}/messages/${sent.body.id}`, { auth: null });
    expect(read.body.components).toEqual(sent.body.components);
  });

  it('invalid components: 400 50035 with the errors tree, nothing stored', async () => {
    const before = Object.keys(emu.world.messages).length;
    const bad = await exec(hook, {
      components: [
        row({ type: 2, style: 1, label: 'No id' }, { type: 2, style: 1, label: 'b', custom_id: 'b' }),
        row({ ...select, options: [] }),
        row({ type: 2, style: 1, label: 'again', custom_id: 'b' }),
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        components: {
          0: {
            components: {
              0: { _errors: [{ code: 'BUTTON_COMPONENT_CUSTOM_ID_REQUIRED', message: 'A custom id is required' }] },
            },
          },
          1: {
            components: {
              0: {
                options: {
                  _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 25 in length.' }],
                },
              },
            },
          },
          2: {
            components: {
              0: {
                custom_id: {
                  _errors: [
                    { code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id was already specified' },
                  ],
                },
              },
            },
          },
        },
      },
    });
    expect(Object.keys(emu.world.messages)).toHaveLength(before);
  });

  it('six rows, or a v2 component without the flag, are refused at the place the service names', async () => {
    const six = Array.from({ length: 6 }, (_, i) => row({ type: 2, style: 1, label: 'b', custom_id: `b${i}` }));
    expect((await exec(hook, { components: six })).body.errors).toEqual({
      components: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' }] },
    });
    expect((await exec(hook, { components: [{ type: 10, content: 'hi' }] })).body.errors).toEqual({
      components: {
        0: { _errors: [{ code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (1,).' }] },
      },
    });
  });

  it('a webhook no application owns: with with_components only non-interactive components, checked all the same', async () => {
    const link = row({ type: 2, style: 5, label: 'Docs', url: 'https://example.com' });
    expect((await exec(plain, { components: [link] }, '?wait=true&with_components=true')).status).toBe(200);
    const badLink = await exec(
      plain,
      { components: [row({ type: 2, style: 5, label: 'Docs', url: 'ftp://x' })] },
      '?wait=true&with_components=true',
    );
    expect(badLink.body.errors.components[0].components[0].url._errors[0].code).toBe('URL_TYPE_INVALID_SCHEME');
    const interactive = await exec(plain, { components: [row(select)] }, '?wait=true&with_components=true');
    expect(interactive.body.errors.components[0].components[0]._errors).toEqual([
      {
        code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
        message: 'Interactive components can only be sent by application-owned webhooks',
      },
    ]);
  });

  it('edits: invalid components refused; a v2 message stays v2 when the edit omits flags', async () => {
    const v2 = await exec(hook, { flags: 32768, components: [{ type: 10, content: 'v2 text' }] });
    expect(v2.status).toBe(200);
    const path = `/webhooks/${hook.id}/${hook.token}/messages/${v2.body.id}`;
    const ok = await c.call('PATCH', path, {
      auth: null,
      body: { components: [{ type: 17, components: [{ type: 10, content: 'boxed' }] }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.components).toEqual([{ type: 17, id: 1, components: [{ type: 10, id: 2, content: 'boxed' }] }]);
    const bad = await c.call('PATCH', path, {
      auth: null,
      body: { components: [{ type: 17, accent_color: -1, components: [{ type: 10, content: 'x' }] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.components[0].accent_color._errors).toEqual([
      { code: 'NUMBER_TYPE_MIN', message: 'Int should be greater than or equal to 0.' },
    ]);
    expect((await c.call('GET', path, { auth: null })).body.components[0].components[0].content).toBe('boxed');
  });
});
