import type { Path, Problem } from '../../../src/wire/problem.js';

/** A dotted path as the rules build it: `components.0.label` is `['components', 0, 'label']`. */
export function at(dotted: string): Path {
  if (dotted === '') return [];
  return dotted.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * The whole Problem an error rule reports, written out literally (rule id, the sentence a person
 * reads, where, and the service's code and message), so a test pins what the event log, the web
 * view and `cmdsync test` reports show, not only what the service answers.
 */
export function err(rule: string, path: string, message: string, code: string, apiMessage: string): Problem {
  return { rule, severity: 'error', message, path: at(path), api: { code, message: apiMessage } };
}

/** An inner error of the service: code, then message. */
type Pair = readonly [string, string];

/** The service's own inner errors, as literal as the facts give them. */
export const API = {
  required: ['BASE_TYPE_REQUIRED', 'This field is required'],
  object: ['DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType'],
  array: ['BASE_TYPE_ARRAY', 'Must be an array.'],
  string: ['BASE_TYPE_STRING', 'Must be a string.'],
  maxLength: (n: number): Pair => ['BASE_TYPE_MAX_LENGTH', `Must be ${n} or fewer in length.`],
  badLength: (min: number, max: number): Pair => [
    'BASE_TYPE_BAD_LENGTH',
    `Must be between ${min} and ${max} in length.`,
  ],
  numberMin: (n: number): Pair => ['NUMBER_TYPE_MIN', `Int should be greater than or equal to ${n}.`],
  numberMax: (n: number): Pair => ['NUMBER_TYPE_MAX', `Int should be less than or equal to ${n}.`],
  notInt: (v: string): Pair => ['NUMBER_TYPE_COERCE', `Value "${v}" is not int.`],
  notBool: (v: string): Pair => ['BOOLEAN_TYPE_COERCE', `Value "${v}" is not a valid boolean.`],
  disabledInModal: ['MODAL_COMPONENT_DISABLED_NOT_ALLOWED', 'Components in a modal cannot be disabled'],
  customIdDuplicated: ['COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id was already specified'],
} as const;

/** `err` with the api pair from `API`. */
export function e(rule: string, path: string, message: string, api: Pair): Problem {
  return err(rule, path, message, api[0], api[1]);
}
