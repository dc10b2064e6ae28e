/** The State view: rate-limit buckets, the daily create allowance, injected faults and the event log. */
import type { MountView } from '../app-context.js';

export const mountState: MountView = (el) => {
  el.textContent = 'State';
  return {};
};
