/**
 * Action Rows and the components-v2 layout and content components (facts
 * §1.7, §1.8): what each holds, and the fields of each.
 */
import { ComponentType, SeparatorSpacing } from '../enums.js';
import { ApiErrors, problem, type Path } from '../problem.js';
import { checkBoolean, describeValue, isObject, type Obj } from '../rules/values.js';
import { ATTACHMENT_URL_PREFIX, CHILDREN, COMPONENT_LIMITS, rowWidth } from './catalog.js';
import { ComponentErrors } from './errors.js';
import { checkCount, checkInteger, checkMaxText, displayedText, type Walk } from './walk.js';

const L = COMPONENT_LIMITS;

/** An Action Row of a message: up to 5 buttons, or one select alone (§1.8); the child that overflows is reported. */
export function checkMessageRow(w: Walk, c: Obj, path: Path): void {
  const where = [...path, 'components'];
  // Too many children is a width error (below), not a length one: only an empty row is refused for its length.
  if (Array.isArray(c.components) && c.components.length === 0) {
    w.out.push(
      problem('component-count', where, 'An action row holds 1-5 components.', ApiErrors.badLength(1, L.row_width)),
    );
    return;
  }
  const children = checkCount(w.out, c.components, where, 'An action row’s components', {
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
  });
  if (!children) return;
  let width = 0;
  let reported = false;
  children.forEach((child, i) => {
    if (!w.visit(child, [...where, i], CHILDREN.messageRow)) return;
    width += rowWidth(child.type);
    if (width > L.row_width && !reported) {
      reported = true;
      w.out.push(
        problem(
          'component-layout',
          [...where, i],
          'An action row holds up to 5 buttons, or one select alone.',
          ComponentErrors.widthExceeded,
        ),
      );
    }
  });
}

/** A Text Display: markdown `content`, counted toward the message's text total. */
export function checkTextDisplay(w: Walk, c: Obj, path: Path): void {
  const text = checkMaxText(w.out, c.content, [...path, 'content'], 'A text display’s content', L.v2_text_max, true);
  w.text += displayedText(text);
}

/** An unfurled media item: only `url` is settable (§1.7). */
function checkMedia(w: Walk, media: unknown, path: Path, label: string): string | undefined {
  if (!isObject(media)) {
    if (media === undefined || media === null)
      w.out.push(problem('component-media', path, `${label} needs a media item with a url.`, ApiErrors.required()));
    else
      w.out.push(
        problem(
          'component-media',
          path,
          `${label} must be a mapping, not ${describeValue(media)}.`,
          ApiErrors.object(),
        ),
      );
    return undefined;
  }
  return checkMaxText(w.out, media.url, [...path, 'url'], `${label}’s url`, Number.MAX_SAFE_INTEGER, true);
}

function checkMediaExtras(w: Walk, c: Obj, path: Path): void {
  checkMaxText(w.out, c.description, [...path, 'description'], 'A media description', L.media_description_max);
  checkBoolean(w.out, c.spoiler, [...path, 'spoiler'], 'component-media', 'spoiler');
}

function checkThumbnail(w: Walk, c: Obj, path: Path): void {
  checkMedia(w, c.media, [...path, 'media'], 'A thumbnail');
  checkMediaExtras(w, c, path);
}

function checkGallery(w: Walk, c: Obj, path: Path): void {
  const where = [...path, 'items'];
  const items = checkCount(w.out, c.items, where, 'A media gallery’s items', L.gallery_items);
  items?.forEach((item, i) => {
    if (!isObject(item)) {
      w.out.push(
        problem(
          'component-media',
          [...where, i],
          `A gallery item must be a mapping, not ${describeValue(item)}.`,
          ApiErrors.object(),
        ),
      );
      return;
    }
    checkMedia(w, item.media, [...where, i, 'media'], 'A gallery item');
    checkMediaExtras(w, item, [...where, i]);
  });
}

function checkFile(w: Walk, c: Obj, path: Path): void {
  const url = checkMedia(w, c.file, [...path, 'file'], 'A file component');
  if (url !== undefined && !url.startsWith(ATTACHMENT_URL_PREFIX)) {
    w.out.push(
      problem(
        'component-media',
        [...path, 'file', 'url'],
        'A file component names an uploaded file: attachment://<filename>.',
        ComponentErrors.fileUrl,
      ),
    );
  }
  checkBoolean(w.out, c.spoiler, [...path, 'spoiler'], 'component-media', 'spoiler');
}

function checkSeparator(w: Walk, c: Obj, path: Path): void {
  checkBoolean(w.out, c.divider, [...path, 'divider'], 'component-separator', 'divider');
  const spacings: readonly number[] = Object.values(SeparatorSpacing);
  if (c.spacing !== undefined && c.spacing !== null && !spacings.includes(c.spacing as number)) {
    w.out.push(
      problem(
        'component-separator',
        [...path, 'spacing'],
        `Separator spacing ${describeValue(c.spacing)} is not 1 (small) or 2 (large).`,
        ApiErrors.choices(spacings),
      ),
    );
  }
}

/** A Section: 1-3 Text Displays beside a Button or Thumbnail accessory (both required). */
function checkSection(w: Walk, c: Obj, path: Path): void {
  const where = [...path, 'components'];
  const texts = checkCount(w.out, c.components, where, 'A section’s components', L.section_texts) ?? [];
  for (const [i, child] of texts.entries()) w.visit(child, [...where, i], CHILDREN.sectionText);
  if (c.accessory === undefined || c.accessory === null)
    w.out.push(
      problem(
        'component-layout',
        [...path, 'accessory'],
        'A section needs an accessory (a button or a thumbnail).',
        ApiErrors.required(),
      ),
    );
  else w.visit(c.accessory, [...path, 'accessory'], CHILDREN.sectionAccessory);
}

/** A Container: rows, texts, sections, galleries, separators and files; an accent colour; no count cap of its own. */
function checkContainer(w: Walk, c: Obj, path: Path): void {
  const where = [...path, 'components'];
  const children =
    checkCount(w.out, c.components, where, 'A container’s components', { min: 1, max: Number.MAX_SAFE_INTEGER }) ?? [];
  for (const [i, child] of children.entries()) w.visit(child, [...where, i], CHILDREN.container);
  checkInteger(
    w.out,
    c.accent_color,
    [...path, 'accent_color'],
    'component-container',
    'accent_color',
    0,
    L.accent_color_max,
  );
  checkBoolean(w.out, c.spoiler, [...path, 'spoiler'], 'component-container', 'spoiler');
}

/** The checks of the v2 components, by type. */
export const V2_CHECKS: Readonly<Record<number, (w: Walk, c: Obj, path: Path) => void>> = {
  [ComponentType.SECTION]: checkSection,
  [ComponentType.TEXT_DISPLAY]: checkTextDisplay,
  [ComponentType.THUMBNAIL]: checkThumbnail,
  [ComponentType.MEDIA_GALLERY]: checkGallery,
  [ComponentType.FILE]: checkFile,
  [ComponentType.SEPARATOR]: checkSeparator,
  [ComponentType.CONTAINER]: checkContainer,
};
