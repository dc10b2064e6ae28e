/** Button rules (facts §1.3, §4.1): styles, custom_id versus url versus sku_id, label, emoji. */
import { ButtonStyle } from '../enums.js';
import { ApiErrors, problem, type Path } from '../problem.js';
import { checkBoolean, describeValue, has, type Obj } from '../rules/values.js';
import { CALLBACK_BUTTON_STYLES, COMPONENT_LIMITS, LINK_SCHEMES } from './catalog.js';
import { ComponentErrors } from './errors.js';
import { checkCustomId, checkEmoji, checkMaxText, type Walk } from './walk.js';

const STYLES: readonly number[] = Object.values(ButtonStyle);

function checkLinkUrl(w: Walk, url: unknown, path: Path): void {
  const text = checkMaxText(w.out, url, [...path, 'url'], 'A button url', COMPONENT_LIMITS.button_url_max, true);
  if (text === undefined) return;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase() ?? '';
  if (!LINK_SCHEMES.includes(scheme)) {
    w.out.push(
      problem(
        'component-button',
        [...path, 'url'],
        `A link button's url must start with http:, https: or discord: (${JSON.stringify(text)}).`,
        ComponentErrors.urlScheme(scheme),
      ),
    );
  }
}

/** Premium buttons show the SKU themselves: custom_id, label, url and emoji are refused (§1.3). */
function checkPremium(w: Walk, c: Obj, path: Path): void {
  if (c.sku_id === undefined || c.sku_id === null)
    w.out.push(
      problem('component-button', [...path, 'sku_id'], 'A premium button needs sku_id.', ApiErrors.required()),
    );
  else if (typeof c.sku_id !== 'string' || !/^\d{1,20}$/.test(c.sku_id))
    w.out.push(
      problem(
        'component-button',
        [...path, 'sku_id'],
        `sku_id ${describeValue(c.sku_id)} is not an id.`,
        ApiErrors.snowflake(c.sku_id),
      ),
    );
  const extra = ['custom_id', 'label', 'url', 'emoji'].filter((k) => has(c, k));
  if (extra.length > 0) {
    w.out.push(
      problem(
        'component-button',
        path,
        `A premium button cannot have ${extra.join(', ')}: the client shows the SKU itself.`,
        ComponentErrors.premiumFields,
      ),
    );
  }
}

export function checkButton(w: Walk, c: Obj, path: Path): void {
  const { out } = w;
  const style = c.style;
  if (style === undefined || style === null) {
    out.push(problem('component-button', [...path, 'style'], 'A button needs a style.', ApiErrors.required()));
    return;
  }
  if (typeof style !== 'number' || !STYLES.includes(style)) {
    out.push(
      problem(
        'component-button',
        [...path, 'style'],
        `Button style ${describeValue(style)} is not one of 1-6.`,
        ApiErrors.choices(STYLES),
      ),
    );
    return;
  }
  checkBoolean(out, c.disabled, [...path, 'disabled'], 'component-button', 'disabled');
  if (style === ButtonStyle.PREMIUM) {
    checkPremium(w, c, path);
    return;
  }
  if (has(c, 'sku_id'))
    out.push(
      problem(
        'component-button',
        [...path, 'sku_id'],
        'Only a premium button (style 6) may have sku_id.',
        ComponentErrors.skuOnlyOnPremium,
      ),
    );
  checkMaxText(out, c.label, [...path, 'label'], 'A button label', COMPONENT_LIMITS.button_label_max);
  checkEmoji(out, c.emoji, path);
  if (!has(c, 'label') && !has(c, 'emoji')) {
    // discord.js refuses it before sending; the service's answer is not documented (§1.3), so the emulator lets it through.
    out.push({
      rule: 'component-button',
      severity: 'warning',
      path,
      message: 'A button without label or emoji shows nothing.',
    });
  }
  if (style === ButtonStyle.LINK) {
    if (has(c, 'custom_id'))
      out.push(
        problem(
          'component-button',
          path,
          'A link button cannot have a custom_id; it opens its url.',
          ComponentErrors.customIdUrlExclusive,
        ),
      );
    else checkLinkUrl(w, c.url, path);
    return;
  }
  if (CALLBACK_BUTTON_STYLES.includes(style)) {
    if (has(c, 'url')) {
      const both = has(c, 'custom_id');
      out.push(
        problem(
          'component-button',
          path,
          both ? 'A button cannot have both custom_id and url.' : 'Only a link button (style 5) may have a url.',
          both ? ComponentErrors.customIdUrlExclusive : ComponentErrors.urlOnlyOnLink,
        ),
      );
    }
    if (!has(c, 'custom_id'))
      out.push(
        problem(
          'component-button',
          path,
          'A button that calls the application back needs a custom_id.',
          ComponentErrors.customIdRequired,
        ),
      );
    else checkCustomId(w, c, path, true);
  }
}
