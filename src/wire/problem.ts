/**
 * What every rule function returns: a located finding about a plain object.
 * `path` is relative to the object the rule was given (a command, a scope's
 * command list, a webhook body); callers prefix it. The linter turns a path
 * into `file:line:col`; the emulator turns it into the service's nested
 * `errors` tree using `api`.
 */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];

export type Severity = 'error' | 'warning';

export interface ApiError {
  /** Inner `_errors[].code`, e.g. `BASE_TYPE_BAD_LENGTH`. */
  code: string;
  /** The service's literal message. */
  message: string;
}

export interface Problem {
  /** Stable kebab-case rule id, shown by `lint` and usable in disable comments. */
  rule: string;
  severity: Severity;
  /** A sentence a person can act on. */
  message: string;
  path: Path;
  /** Point at the key of the last path segment rather than its value (e.g. an unknown locale). */
  atKey?: boolean;
  /** Where the service reports it, when that differs from `path` (e.g. once per dictionary). */
  apiPath?: Path;
  /**
   * How the service reports this. Absent means the service accepts the value
   * (the rule guards against a perpetual diff or ignored data), so the
   * emulator lets it through.
   */
  api?: ApiError;
  /**
   * A top-level JSON error code when the service answers with something other
   * than 50035 Invalid Form Body (e.g. 30032 for too many commands).
   */
  jsonCode?: number;
}

export function problem(
  rule: string,
  path: Path,
  message: string,
  api?: ApiError,
  severity: Severity = 'error',
): Problem {
  return api ? { rule, severity, message, path, api } : { rule, severity, message, path };
}

export function warning(rule: string, path: Path, message: string): Problem {
  return { rule, severity: 'warning', message, path };
}

export function prefixPath(prefix: Path, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => ({ ...p, path: [...prefix, ...p.path] }));
}

/**
 * A value as the service quotes it in a message. Never throws: a JSON object
 * whose `toString`/`valueOf` keys are not functions cannot go through String().
 */
export function valueText(value: unknown): string {
  if (value !== null && typeof value === 'object') return Object.prototype.toString.call(value);
  return String(value);
}

/** The service's literal inner errors, in one place. */
export const ApiErrors = {
  required: (): ApiError => ({ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }),
  /** A new interactions endpoint URL that failed the PING check (facts §9); the emulator adds what failed in parentheses. */
  endpointUnverified: (detail?: string): ApiError => ({
    code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
    message: `The specified interactions endpoint url could not be verified.${detail ? ` (${detail})` : ''}`,
  }),
  badLength: (min: number, max: number): ApiError => ({
    code: 'BASE_TYPE_BAD_LENGTH',
    message: `Must be between ${min} and ${max} in length.`,
  }),
  maxLength: (max: number): ApiError => ({
    code: 'BASE_TYPE_MAX_LENGTH',
    message: `Must be ${max} or fewer in length.`,
  }),
  choices: (values: readonly (string | number)[]): ApiError => ({
    code: 'BASE_TYPE_CHOICES',
    message: `Value must be one of (${values.join(', ')}).`,
  }),
  regex: (): ApiError => ({ code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' }),
  invalidName: (): ApiError => ({ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }),
  string: (): ApiError => ({ code: 'BASE_TYPE_STRING', message: 'Must be a string.' }),
  boolean: (value: unknown): ApiError => ({
    code: 'BOOLEAN_TYPE_COERCE',
    message: `Value "${valueText(value)}" is not a valid boolean.`,
  }),
  integer: (value: unknown): ApiError => ({
    code: 'NUMBER_TYPE_COERCE',
    message: `Value "${valueText(value)}" is not int.`,
  }),
  number: (value: unknown): ApiError => ({
    code: 'NUMBER_TYPE_COERCE',
    message: `Value "${valueText(value)}" is not a valid number.`,
  }),
  numberMin: (min: number): ApiError => ({
    code: 'NUMBER_TYPE_MIN',
    message: `Int should be greater than or equal to ${min}.`,
  }),
  numberMax: (max: number): ApiError => ({
    code: 'NUMBER_TYPE_MAX',
    message: `Int should be less than or equal to ${max}.`,
  }),
  array: (): ApiError => ({ code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }),
  object: (): ApiError => ({ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }),
  snowflake: (value: unknown): ApiError => ({
    code: 'NUMBER_TYPE_COERCE',
    message: `Value "${valueText(value)}" is not snowflake.`,
  }),
  invalid: (message: string, code = 'INVALID'): ApiError => ({ code, message }),
  /** Observed messages on USER/MESSAGE commands (facts §1.2); the inner codes were not captured, these are ours. */
  contextMenuDescription: (): ApiError => ({
    code: 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION_INVALID',
    message: 'Context menu commands cannot have description',
  }),
  contextMenuOptions: (): ApiError => ({
    code: 'APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS_INVALID',
    message: 'Context menu commands cannot have options',
  }),
  /** A body neither JSON nor multipart (at the tree's root). */
  contentType: (): ApiError => ({
    code: 'CONTENT_TYPE_INVALID',
    message: "Expected \"Content-Type\" header to be one of {'application/json', 'multipart/form-data'}.",
  }),
  /** A reply to a message that does not exist, without `fail_if_not_exists: false` (at `message_reference`). */
  replyUnknownMessage: (): ApiError => ({ code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', message: 'Unknown message' }),
  /** An interaction callback the service refuses as a whole (at the tree's root); the emulator says what was wrong. */
  callbackInvalid: (message: string): ApiError => ({ code: 'INTERACTION_CALLBACK_INVALID', message }),
} as const;
