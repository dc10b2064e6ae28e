import type { ApiError } from '../problem.js';

/**
 * The service's inner errors for components (facts components-messages-gateway
 * §4.1, §4.2), inside a 400 / 50035 tree. Codes and texts the facts give are
 * used as they are; where the facts name no code (marked "ours") the code is
 * ours, named in the service's style (docs/deviations.md, "Components").
 */
export const ComponentErrors = {
  customIdDuplicated: { code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id was already specified' },
  widthExceeded: {
    code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
    message: 'The specified component exceeds the maximum width',
  },
  customIdRequired: { code: 'BUTTON_COMPONENT_CUSTOM_ID_REQUIRED', message: 'A custom id is required' },
  customIdUrlExclusive: {
    code: 'BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE',
    message: 'A custom id and url cannot both be specified',
  },
  invalidEmoji: { code: 'BUTTON_COMPONENT_INVALID_EMOJI', message: 'Invalid emoji' },
  optionValueDuplicated: {
    code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
    message: 'Select option values must be unique',
  },
  tooManyDefaults: {
    code: 'SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES',
    message: 'Select has more default options than max_values',
  },
  /**
   * A component type that cannot stand where it was put (a button outside a
   * row, a v2 component without the flag, a text input in a message). The
   * service's union-type error, as public bot logs show it (not in the facts).
   */
  typeChoices: (allowed: readonly number[]): ApiError => ({
    code: 'UNION_TYPE_CHOICES',
    message: `Value of field "type" must be one of (${allowed.join(', ')}${allowed.length === 1 ? ',' : ''}).`,
  }),
  // Ours: the facts give the rule but not the service's code or text.
  interactiveNotAllowed: {
    code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
    message: 'Interactive components can only be sent by application-owned webhooks',
  },
  urlOnlyOnLink: { code: 'BUTTON_COMPONENT_URL_NOT_ALLOWED', message: 'Only link buttons may have a url' },
  premiumFields: {
    code: 'BUTTON_COMPONENT_PREMIUM_FIELDS_NOT_ALLOWED',
    message: 'Premium buttons cannot have a custom id, label, url or emoji',
  },
  skuOnlyOnPremium: { code: 'BUTTON_COMPONENT_SKU_ID_NOT_ALLOWED', message: 'Only premium buttons may have a sku id' },
  urlScheme: (scheme: string): ApiError => ({
    code: 'URL_TYPE_INVALID_SCHEME',
    message: `Scheme "${scheme}" is not supported. Scheme must be one of ('http', 'https', 'discord').`,
  }),
  idDuplicated: { code: 'COMPONENT_ID_DUPLICATED', message: 'Component id was already specified' },
  minAboveMax: {
    code: 'SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX',
    message: 'min_values cannot be greater than max_values',
  },
  minLengthAboveMax: {
    code: 'TEXT_INPUT_MIN_LENGTH_EXCEEDS_MAX',
    message: 'min_length cannot be greater than max_length',
  },
  minValuesRequired: {
    code: 'COMPONENT_MIN_VALUES_REQUIRED',
    message: 'min_values must be at least 1 when the component is required',
  },
  defaultValuesCount: {
    code: 'SELECT_COMPONENT_DEFAULT_VALUES_COUNT',
    message: 'The number of default values must be between min_values and max_values',
  },
  disabledInModal: {
    code: 'MODAL_COMPONENT_DISABLED_NOT_ALLOWED',
    message: 'Components in a modal cannot be disabled',
  },
  labelInLabel: {
    code: 'TEXT_INPUT_LABEL_NOT_ALLOWED',
    message: 'A text input inside a label cannot have its own label',
  },
  checkboxRequired: { code: 'CHECKBOX_REQUIRED_NOT_ALLOWED', message: 'A checkbox cannot be required' },
  fileUrl: {
    code: 'FILE_COMPONENT_ATTACHMENT_REQUIRED',
    message: 'A file component must reference an attachment (attachment://<filename>)',
  },
  v2TextTooLong: (max: number): ApiError => ({
    code: 'COMPONENTS_V2_TEXT_TOO_LONG',
    message: `Text displays may hold at most ${max} characters in total`,
  }),
} as const satisfies Record<string, ApiError | ((...a: never[]) => ApiError)>;
