/**
 * What the component tests' bot answers, the same over HTTP and the gateway:
 * /panel posts buttons and selects, a click on "confirm" updates the message
 * (7), a fruit choice replies (4), a user choice updates with the resolved
 * user (7), "later" defers the update (6) and edits @original, /form and the
 * "ask" button open a modal (9), and the modal's submit is answered 4 — or,
 * for "ask"'s modal, with another modal (9), which the service refuses.
 */
import type { Seed } from '../../src/emulator/index.js';
import { APP, interactionSeed } from '../helpers/interaction-seed.js';

export const MOD_ROLE = '120000000000000002';

export const componentSeed = (): Seed => {
  const s = interactionSeed();
  return {
    ...s,
    commands: [
      ...s.commands!,
      { application_id: APP, name: 'panel', description: 'Buttons and selects' },
      { application_id: APP, name: 'form', description: 'A modal' },
    ],
  };
};

export const PANEL = {
  content: 'Pick',
  components: [
    {
      type: 1,
      components: [
        { type: 2, style: 1, custom_id: 'confirm', label: 'Confirm' },
        { type: 2, style: 2, custom_id: 'later', label: 'Later' },
        { type: 2, style: 2, custom_id: 'gone', label: 'Gone', disabled: true },
        { type: 2, style: 5, url: 'https://example.com', label: 'Docs' },
        { type: 2, style: 4, custom_id: 'ask', label: 'Ask' },
      ],
    },
    {
      type: 1,
      components: [
        {
          type: 3,
          custom_id: 'fruit',
          placeholder: 'Fruit',
          min_values: 1,
          max_values: 2,
          options: [
            { label: 'Apple', value: 'apple' },
            { label: 'Banana', value: 'banana' },
            { label: 'Cherry', value: 'cherry' },
          ],
        },
      ],
    },
    { type: 1, components: [{ type: 5, custom_id: 'who', placeholder: 'Who' }] },
    { type: 1, components: [{ type: 7, custom_id: 'whom', placeholder: 'Whom', max_values: 2 }] },
  ],
};

export const FEEDBACK_MODAL = {
  custom_id: 'feedback',
  title: 'Feedback',
  components: [
    {
      type: 1,
      components: [{ type: 4, custom_id: 'text', label: 'Your text', style: 2, min_length: 3, max_length: 20 }],
    },
    { type: 1, components: [{ type: 4, custom_id: 'mood', label: 'Mood', style: 1, required: false, value: 'fine' }] },
  ],
};

/** The callback body for an interaction; `later` is called for work after the callback (an edit of @original). */
export function answerFor(i: any, later: (work: () => Promise<unknown>) => void, apiBase: string): unknown {
  if (i.type === 2 && i.data.name === 'panel') return { type: 4, data: PANEL };
  if (i.type === 2 && i.data.name === 'secret') return { type: 4, data: { ...PANEL, flags: 64 } };
  if (i.type === 2 && i.data.name === 'form') return { type: 9, data: FEEDBACK_MODAL };
  const who = (i.member?.user ?? i.user).id;
  if (i.type === 3) {
    const id = i.data.custom_id;
    if (id === 'confirm') return { type: 7, data: { content: `Confirmed by <@${who}>`, components: [] } };
    if (id === 'later') {
      later(() =>
        fetch(`${apiBase}/webhooks/${i.application_id}/${i.token}/messages/@original`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'edited later' }),
        }),
      );
      return { type: 6 };
    }
    if (id === 'ask') return { type: 9, data: { ...FEEDBACK_MODAL, custom_id: 'asked' } };
    if (id === 'fruit') return { type: 4, data: { content: `you chose ${i.data.values.join(', ')}` } };
    if (id === 'who' || id === 'whom')
      return {
        type: 7,
        data: {
          content: `picked ${Object.keys(i.data.resolved?.users ?? {}).join(',')} roles ${Object.keys(i.data.resolved?.roles ?? {}).join(',')}`,
        },
      };
  }
  const typed = i.type === 5 ? i.data.components[0].components[0].value : undefined;
  // 7 to a modal submit: allowed only when a component opened the modal.
  if (typed === 'update') return { type: 7, data: { content: `updated from ${i.data.custom_id}` } };
  if (i.type === 5 && i.data.custom_id === 'feedback') {
    const text = typed;
    return { type: 4, data: { content: `thanks: ${text}` } };
  }
  // A modal in answer to a modal submit: the service refuses it.
  if (i.type === 5 && i.data.custom_id === 'asked') return { type: 9, data: FEEDBACK_MODAL };
  return { type: 4, data: { content: 'unexpected' } };
}
