/** The Commands view: the picker as the client shows it, per locale, with who may use each command; and the invoke form. */
import type { MountView } from '../app-context.js';

export const mountCommands: MountView = (el) => {
  el.textContent = 'Commands';
  return {};
};
