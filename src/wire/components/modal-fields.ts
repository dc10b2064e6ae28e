/**
 * The components only a modal holds (facts §1.5, §1.6, §3.1): the legacy
 * Action Row of one Text Input, Text Input, Label, File Upload, Radio Group,
 * Checkbox Group and Checkbox.
 */
import { ComponentType, TextInputStyle } from '../enums.js';
import { ApiErrors, problem, type Path } from '../problem.js';
import { checkBoolean, describeValue, has, type Obj } from '../rules/values.js';
import { CHILDREN, COMPONENT_LIMITS } from './catalog.js';
import { ComponentErrors } from './errors.js';
import { checkOptions, checkRequiredAndDisabled, checkValueCounts } from './select.js';
import { checkCount, checkCustomId, checkInteger, checkMaxText, type Walk } from './walk.js';

const L = COMPONENT_LIMITS;
const STYLES: readonly number[] = Object.values(TextInputStyle);

function checkTextInput(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  if (c.style === undefined || c.style === null)
    w.out.push(
      problem(
        'modal-text-input',
        [...path, 'style'],
        'A text input needs a style (1 short, 2 paragraph).',
        ApiErrors.required(),
      ),
    );
  else if (!STYLES.includes(c.style as number))
    w.out.push(
      problem(
        'modal-text-input',
        [...path, 'style'],
        `Text input style ${describeValue(c.style)} is not 1 (short) or 2 (paragraph).`,
        ApiErrors.choices(STYLES),
      ),
    );
  const max = L.text_input_length_max;
  const minOk = checkInteger(w.out, c.min_length, [...path, 'min_length'], 'modal-text-input', 'min_length', 0, max);
  const maxOk = checkInteger(w.out, c.max_length, [...path, 'max_length'], 'modal-text-input', 'max_length', 1, max);
  if (minOk && maxOk && (c.min_length as number) > (c.max_length as number)) {
    w.out.push(
      problem(
        'modal-text-input',
        [...path, 'min_length'],
        `min_length (${c.min_length}) is more than max_length (${c.max_length}).`,
        ComponentErrors.minLengthAboveMax,
      ),
    );
  }
  checkBoolean(w.out, c.required, [...path, 'required'], 'modal-text-input', 'required');
  checkMaxText(w.out, c.value, [...path, 'value'], 'A text input’s value', max);
  checkMaxText(
    w.out,
    c.placeholder,
    [...path, 'placeholder'],
    'A text input’s placeholder',
    L.text_input_placeholder_max,
  );
  checkMaxText(w.out, c.label, [...path, 'label'], 'A text input’s label', L.text_input_label_max);
  if (has(c, 'disabled'))
    w.out.push(
      problem(
        'component-disabled',
        [...path, 'disabled'],
        'A component in a modal cannot be disabled.',
        ComponentErrors.disabledInModal,
      ),
    );
}

/** The deprecated form: an Action Row holding exactly one Text Input, which carries the label. */
function checkModalRow(w: Walk, c: Obj, path: Path): void {
  const where = [...path, 'components'];
  const children = checkCount(w.out, c.components, where, 'A modal action row’s components', { min: 1, max: 1 });
  const input = children?.[0];
  if (children?.length !== 1 || !w.visit(input, [...where, 0], CHILDREN.modalRow)) return;
  if (input.label === undefined || input.label === null) {
    w.out.push(
      problem(
        'modal-text-input',
        [...where, 0, 'label'],
        'A text input in an action row needs a label (or wrap it in a Label component).',
        ApiErrors.required(),
      ),
    );
  }
}

/** A Label: the title above one input; a text input inside it must not carry its own label. */
function checkLabel(w: Walk, c: Obj, path: Path): void {
  checkMaxText(w.out, c.label, [...path, 'label'], 'A label', L.label_label_max, true);
  checkMaxText(w.out, c.description, [...path, 'description'], 'A label’s description', L.label_description_max);
  const child = c.component;
  if (child === undefined || child === null) {
    w.out.push(problem('modal-label', [...path, 'component'], 'A label wraps one component.', ApiErrors.required()));
    return;
  }
  if (!w.visit(child, [...path, 'component'], CHILDREN.label)) return;
  if (child.type === ComponentType.TEXT_INPUT && has(child, 'label')) {
    w.out.push(
      problem(
        'modal-text-input',
        [...path, 'component', 'label'],
        'A text input inside a Label takes its label from the Label.',
        ComponentErrors.labelInLabel,
      ),
    );
  }
}

function checkFileUpload(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  checkValueCounts(w, c, path, { min: 0, max: L.file_upload_values_max });
  checkRequiredAndDisabled(w, c, path, c.min_values);
  const where = [...path, 'file_types'];
  checkCount(w.out, c.file_types, where, 'file_types', { min: 0, max: L.file_types_max }, false)?.forEach((t, i) => {
    if (typeof t !== 'string' || t === '')
      w.out.push(
        problem(
          'modal-file-upload',
          [...where, i],
          `A file type is image, video, audio or .ext, not ${describeValue(t)}.`,
          ApiErrors.string(),
        ),
      );
  });
}

function checkRadioGroup(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  checkRequiredAndDisabled(w, c, path, undefined);
  const options = checkCount(w.out, c.options, [...path, 'options'], 'A radio group’s options', L.radio_options);
  if (options) checkOptions(w, options, [...path, 'options'], 1, false);
}

function checkCheckboxGroup(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  const options = checkCount(w.out, c.options, [...path, 'options'], 'A checkbox group’s options', L.checkbox_options);
  const counts = checkValueCounts(w, c, path, { min: 0, max: L.checkbox_values_max }, options?.length ?? 1);
  checkRequiredAndDisabled(w, c, path, c.min_values);
  if (options) checkOptions(w, options, [...path, 'options'], counts.max, false);
}

function checkCheckbox(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  checkBoolean(w.out, c.default, [...path, 'default'], 'modal-checkbox', 'default');
  if (has(c, 'disabled'))
    w.out.push(
      problem(
        'component-disabled',
        [...path, 'disabled'],
        'A component in a modal cannot be disabled.',
        ComponentErrors.disabledInModal,
      ),
    );
  if (c.required === true)
    w.out.push(
      problem(
        'modal-checkbox',
        [...path, 'required'],
        'A checkbox cannot be required; use a one-option checkbox group.',
        ComponentErrors.checkboxRequired,
      ),
    );
}

/** The checks of the modal-only components, by type. */
export const MODAL_CHECKS: Readonly<Record<number, (w: Walk, c: Obj, path: Path) => void>> = {
  [ComponentType.ACTION_ROW]: checkModalRow,
  [ComponentType.TEXT_INPUT]: checkTextInput,
  [ComponentType.LABEL]: checkLabel,
  [ComponentType.FILE_UPLOAD]: checkFileUpload,
  [ComponentType.RADIO_GROUP]: checkRadioGroup,
  [ComponentType.CHECKBOX_GROUP]: checkCheckboxGroup,
  [ComponentType.CHECKBOX]: checkCheckbox,
};
