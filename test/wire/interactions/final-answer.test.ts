import { expect, it } from 'vitest';
import { CallbackType, isFinalAnswer } from '../../../src/wire/interactions/callback.js';

it('a message, an update, choices and a modal are final answers; a deferral promises more', () => {
  const final = Object.entries(CallbackType)
    .filter(([, type]) => isFinalAnswer(type))
    .map(([name]) => name);
  expect(final.sort()).toEqual([
    'APPLICATION_COMMAND_AUTOCOMPLETE_RESULT',
    'CHANNEL_MESSAGE_WITH_SOURCE',
    'MODAL',
    'UPDATE_MESSAGE',
  ]);
});
