import { describe, expect, it } from 'vitest';
import {
  allowedCallbacks,
  CallbackType,
  callbackDataProblem,
  callbackFits,
  callbackTypeChoicesError,
  MAX_AUTOCOMPLETE_CHOICES,
} from '../../../src/wire/interactions/callback.js';
import { InteractionType } from '../../../src/wire/interactions/payload.js';

// Facts (components-messages-gateway.md §2.2): the table of callback types per interaction type.
const { PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, APPLICATION_COMMAND_AUTOCOMPLETE, MODAL_SUBMIT } =
  InteractionType;

describe('which callback types answer which interaction (facts §2.2)', () => {
  it('lists each column of the table, in callback-type order', () => {
    expect(allowedCallbacks(PING)).toEqual([1]);
    expect(allowedCallbacks(APPLICATION_COMMAND_AUTOCOMPLETE)).toEqual([8]);
    expect(allowedCallbacks(APPLICATION_COMMAND)).toEqual([4, 5, 9, 10, 12]);
    expect(allowedCallbacks(MESSAGE_COMPONENT)).toEqual([4, 5, 6, 7, 9, 10, 12]);
    // A modal submit never takes a modal; 6 and 7 only when the modal was opened from a component.
    expect(allowedCallbacks(MODAL_SUBMIT)).toEqual([4, 5, 10, 12]);
    expect(allowedCallbacks(MODAL_SUBMIT, false)).toEqual([4, 5, 10, 12]);
    // The service's own listing for a modal submit answered with 9 (facts §2.2: `{4, 5, 6, 7, 10, 12}`).
    expect(allowedCallbacks(MODAL_SUBMIT, true)).toEqual([4, 5, 6, 7, 10, 12]);
    // The flag matters to a modal submit only.
    expect(allowedCallbacks(APPLICATION_COMMAND, true)).toEqual([4, 5, 9, 10, 12]);
  });

  it('an interaction type the table does not know takes no callback at all', () => {
    expect(allowedCallbacks(0)).toEqual([]);
    expect(allowedCallbacks(6)).toEqual([]);
    expect(callbackFits(6, CallbackType.CHANNEL_MESSAGE_WITH_SOURCE)).toBe(false);
  });

  it('callbackFits answers from the same table, the modal flag defaulting to false', () => {
    expect(callbackFits(PING, CallbackType.PONG)).toBe(true);
    expect(callbackFits(PING, CallbackType.CHANNEL_MESSAGE_WITH_SOURCE)).toBe(false);
    expect(callbackFits(APPLICATION_COMMAND, CallbackType.UPDATE_MESSAGE)).toBe(false);
    expect(callbackFits(MESSAGE_COMPONENT, CallbackType.UPDATE_MESSAGE)).toBe(true);
    expect(callbackFits(MODAL_SUBMIT, CallbackType.UPDATE_MESSAGE)).toBe(false);
    expect(callbackFits(MODAL_SUBMIT, CallbackType.UPDATE_MESSAGE, true)).toBe(true);
    expect(callbackFits(MODAL_SUBMIT, CallbackType.MODAL, true)).toBe(false);
    expect(callbackFits(APPLICATION_COMMAND_AUTOCOMPLETE, CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT)).toBe(
      true,
    );
  });

  it("the refusal of a type that does not fit is the service's 50035 with BASE_TYPE_CHOICES at `type`, in braces", () => {
    expect(callbackTypeChoicesError(allowedCallbacks(MODAL_SUBMIT, true))).toEqual({
      status: 400,
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 6, 7, 10, 12}.' }] },
      },
    });
    expect(callbackTypeChoicesError([1]).errors.type._errors[0].message).toBe('Value must be one of {1}.');
  });
});

describe("a callback's data, beyond the message rules", () => {
  const AUTO = CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT;
  const MODAL = CallbackType.MODAL;
  const choice = (i: number) => ({ name: `c${i}`, value: i });
  const choices = (n: number) => Array.from({ length: n }, (_, i) => choice(i));

  it('autocomplete: a list of at most 25 choices, each with a name and a value', () => {
    const required = 'data.choices: a list of choices is required';
    expect(callbackDataProblem(AUTO, undefined)).toBe(required);
    expect(callbackDataProblem(AUTO, null)).toBe(required);
    expect(callbackDataProblem(AUTO, 'choices')).toBe(required);
    // An array is not the data object, even one whose `choices` is set.
    expect(callbackDataProblem(AUTO, Object.assign([], { choices: [] }))).toBe(required);
    expect(callbackDataProblem(AUTO, { choices: 'x' })).toBe(required);
    // Nor is anything else that is not a plain object, whatever properties it carries.
    expect(
      callbackDataProblem(
        AUTO,
        Object.assign(() => 0, { choices: [] }),
      ),
    ).toBe(required);
    expect(callbackDataProblem(AUTO, { choices: [] })).toBeUndefined();
    expect(MAX_AUTOCOMPLETE_CHOICES).toBe(25);
    expect(callbackDataProblem(AUTO, { choices: choices(25) })).toBeUndefined();
    expect(callbackDataProblem(AUTO, { choices: choices(26) })).toBe('data.choices: at most 25 choices');
  });

  it('autocomplete: names the first choice without a string name or without a value', () => {
    const bad = (i: number) => `data.choices[${i}]: a choice needs a name and a value`;
    expect(callbackDataProblem(AUTO, { choices: [choice(0), 'x'] })).toBe(bad(1));
    expect(callbackDataProblem(AUTO, { choices: [null] })).toBe(bad(0));
    // A choice is an object: not even a function that has a name and a value.
    expect(callbackDataProblem(AUTO, { choices: [Object.assign(() => 0, { value: 1 })] })).toBe(bad(0));
    expect(callbackDataProblem(AUTO, { choices: [choice(0), choice(1), { name: 2, value: 2 }] })).toBe(bad(2));
    expect(callbackDataProblem(AUTO, { choices: [{ value: 1 }] })).toBe(bad(0));
    expect(callbackDataProblem(AUTO, { choices: [choice(0), { name: 'n' }] })).toBe(bad(1));
    // A value may be any JSON value the option type takes, even empty or zero; `in` asks only that it is there.
    expect(
      callbackDataProblem(AUTO, {
        choices: [
          { name: 'zero', value: 0 },
          { name: '', value: '' },
        ],
      }),
    ).toBeUndefined();
  });

  it('modal: custom_id, title and components are all required', () => {
    const need = 'data: a modal needs custom_id, title and components';
    const ok = { custom_id: 'm', title: 'T', components: [] };
    expect(callbackDataProblem(MODAL, ok)).toBeUndefined();
    expect(callbackDataProblem(MODAL, undefined)).toBe(need);
    expect(callbackDataProblem(MODAL, [])).toBe(need);
    expect(
      callbackDataProblem(
        MODAL,
        Object.assign(() => 0, ok),
      ),
    ).toBe(need);
    expect(callbackDataProblem(MODAL, { ...ok, custom_id: 1 })).toBe(need);
    expect(callbackDataProblem(MODAL, { ...ok, title: undefined })).toBe(need);
    expect(callbackDataProblem(MODAL, { ...ok, components: {} })).toBe(need);
    // A modal's data is not checked as choices, nor choices as a modal.
    expect(callbackDataProblem(MODAL, { ...ok })).toBeUndefined();
    expect(callbackDataProblem(AUTO, ok)).toBe('data.choices: a list of choices is required');
  });

  it('other callback types have no such rule here', () => {
    for (const t of [1, 4, 5, 6, 7, 10, 12]) {
      expect(callbackDataProblem(t, undefined)).toBeUndefined();
      expect(callbackDataProblem(t, { choices: 'x' })).toBeUndefined();
    }
  });
});
