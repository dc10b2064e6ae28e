/**
 * Components as data (facts components-messages-gateway §1): where each type
 * may appear, which call the application back, and every limit. The rule
 * modules beside this one read these tables; nothing else repeats a number.
 */
import { ButtonStyle, ComponentType, MessageFlag, SELECT_COMPONENT_TYPES } from '../enums.js';

/** Where a component may stand: a legacy message, a components-v2 message, a modal. */
export interface ComponentFacts {
  name: string;
  /** `legacy`: any message; `v2`: only with IS_COMPONENTS_V2; absent: never in a message. */
  message?: 'legacy' | 'v2';
  modal: boolean;
  /** A member's use of it reaches the application (link and premium buttons excepted, see `isInteractive`). */
  interactive: boolean;
}

const C = ComponentType;

/** §1.1, one row per type. Content Inventory Entry is received only: it cannot be sent anywhere. */
export const COMPONENT_FACTS: Readonly<Record<number, ComponentFacts>> = {
  [C.ACTION_ROW]: { name: 'Action Row', message: 'legacy', modal: true, interactive: false },
  [C.BUTTON]: { name: 'Button', message: 'legacy', modal: false, interactive: true },
  [C.STRING_SELECT]: { name: 'String Select', message: 'legacy', modal: true, interactive: true },
  [C.TEXT_INPUT]: { name: 'Text Input', modal: true, interactive: true },
  [C.USER_SELECT]: { name: 'User Select', message: 'legacy', modal: true, interactive: true },
  [C.ROLE_SELECT]: { name: 'Role Select', message: 'legacy', modal: true, interactive: true },
  [C.MENTIONABLE_SELECT]: { name: 'Mentionable Select', message: 'legacy', modal: true, interactive: true },
  [C.CHANNEL_SELECT]: { name: 'Channel Select', message: 'legacy', modal: true, interactive: true },
  [C.SECTION]: { name: 'Section', message: 'v2', modal: false, interactive: false },
  [C.TEXT_DISPLAY]: { name: 'Text Display', message: 'v2', modal: true, interactive: false },
  [C.THUMBNAIL]: { name: 'Thumbnail', message: 'v2', modal: false, interactive: false },
  [C.MEDIA_GALLERY]: { name: 'Media Gallery', message: 'v2', modal: false, interactive: false },
  [C.FILE]: { name: 'File', message: 'v2', modal: false, interactive: false },
  [C.SEPARATOR]: { name: 'Separator', message: 'v2', modal: false, interactive: false },
  [C.CONTENT_INVENTORY_ENTRY]: { name: 'Content Inventory Entry', modal: false, interactive: false },
  [C.CONTAINER]: { name: 'Container', message: 'v2', modal: false, interactive: false },
  [C.LABEL]: { name: 'Label', modal: true, interactive: false },
  [C.FILE_UPLOAD]: { name: 'File Upload', modal: true, interactive: true },
  [C.RADIO_GROUP]: { name: 'Radio Group', modal: true, interactive: true },
  [C.CHECKBOX_GROUP]: { name: 'Checkbox Group', modal: true, interactive: true },
  [C.CHECKBOX]: { name: 'Checkbox', modal: true, interactive: true },
};

export function componentName(type: unknown): string {
  return (typeof type === 'number' && COMPONENT_FACTS[type]?.name) || `type ${String(type)}`;
}

/** Link and premium buttons never call the application back (§1.1 footnote). */
export const NON_INTERACTIVE_BUTTON_STYLES: readonly number[] = [ButtonStyle.LINK, ButtonStyle.PREMIUM];
/** Button styles that call back: they need a custom_id. */
export const CALLBACK_BUTTON_STYLES: readonly number[] = [
  ButtonStyle.PRIMARY,
  ButtonStyle.SECONDARY,
  ButtonStyle.SUCCESS,
  ButtonStyle.DANGER,
];

export function isSelect(type: unknown): boolean {
  return typeof type === 'number' && SELECT_COMPONENT_TYPES.includes(type);
}

/** A component a member's use of reaches the application. */
export function isInteractive(c: { type?: unknown; style?: unknown }): boolean {
  if (typeof c.type !== 'number') return false;
  if (c.type === ComponentType.BUTTON) return !NON_INTERACTIVE_BUTTON_STYLES.includes(c.style as number);
  return COMPONENT_FACTS[c.type]?.interactive === true;
}

/** What each container may hold (§1.1 placement column, §1.6, §1.7, §3.1). */
export const CHILDREN = {
  /** Top level of a message without IS_COMPONENTS_V2. */
  legacyTop: [C.ACTION_ROW],
  /** Top level of a message with IS_COMPONENTS_V2. */
  v2Top: [C.ACTION_ROW, C.SECTION, C.TEXT_DISPLAY, C.MEDIA_GALLERY, C.FILE, C.SEPARATOR, C.CONTAINER],
  /** An Action Row in a message: buttons or one select. */
  messageRow: [C.BUTTON, ...SELECT_COMPONENT_TYPES],
  container: [C.ACTION_ROW, C.TEXT_DISPLAY, C.SECTION, C.MEDIA_GALLERY, C.SEPARATOR, C.FILE],
  sectionText: [C.TEXT_DISPLAY],
  sectionAccessory: [C.BUTTON, C.THUMBNAIL],
  /** Top level of a modal: Labels, Text Displays, or the deprecated Action Row of one Text Input. */
  modalTop: [C.ACTION_ROW, C.TEXT_DISPLAY, C.LABEL],
  modalRow: [C.TEXT_INPUT],
  label: [C.TEXT_INPUT, ...SELECT_COMPONENT_TYPES, C.FILE_UPLOAD, C.RADIO_GROUP, C.CHECKBOX_GROUP, C.CHECKBOX],
} as const satisfies Record<string, readonly number[]>;

/** The kinds of object a default value of each auto-populated select may name (§1.4). */
export const SELECT_DEFAULT_VALUE_TYPES: Readonly<Record<number, readonly string[]>> = {
  [C.USER_SELECT]: ['user'],
  [C.ROLE_SELECT]: ['role'],
  [C.MENTIONABLE_SELECT]: ['user', 'role'],
  [C.CHANNEL_SELECT]: ['channel'],
};

/** How much of an Action Row's width (5) a component takes: a select fills it. */
export function rowWidth(type: unknown): number {
  return isSelect(type) ? COMPONENT_LIMITS.row_width : 1;
}

/** Every limit of §1, §3.1 (lengths in characters, counts inclusive). */
export const COMPONENT_LIMITS = {
  custom_id: { min: 1, max: 100 },
  /** Component `id`: a positive 32-bit integer; 0 counts as omitted. */
  id_max: 2 ** 31 - 1,
  /** Top-level rows of a message without IS_COMPONENTS_V2. */
  legacy_rows_max: 5,
  /** An Action Row's width: 5 buttons, or one select. */
  row_width: 5,
  /** Components in an IS_COMPONENTS_V2 message, nested ones counted. */
  v2_total_max: 40,
  /** All Text Displays of a v2 message together. */
  v2_text_max: 4000,
  button_label_max: 80,
  button_url_max: 512,
  select_placeholder_max: 150,
  select_options: { min: 1, max: 25 },
  select_values: { min: 0, max: 25 },
  option_text_max: 100,
  text_input_length_max: 4000,
  text_input_placeholder_max: 100,
  text_input_label_max: 45,
  label_label_max: 45,
  label_description_max: 100,
  modal_title: { min: 1, max: 45 },
  modal_components: { min: 1, max: 5 },
  section_texts: { min: 1, max: 3 },
  gallery_items: { min: 1, max: 10 },
  media_description_max: 1024,
  accent_color_max: 0xffffff,
  file_upload_values_max: 10,
  file_types_max: 10,
  radio_options: { min: 2, max: 10 },
  checkbox_options: { min: 1, max: 10 },
  checkbox_values_max: 10,
} as const;

/** URL schemes a link button may use (§1.3, [LIB BLD]). */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'discord'];
/** A File component names an uploaded attachment. */
export const ATTACHMENT_URL_PREFIX = 'attachment://';

/** The flag that turns a message into a components-v2 one; it can be added on edit, never removed (§1.8). */
export const COMPONENTS_V2_FLAG = MessageFlag.IS_COMPONENTS_V2;
