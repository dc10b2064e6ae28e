import { colors } from '../color.js';

/** The colours the bot test reports use; plain text when colour is off. */
export interface Paint {
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const PLAIN: Paint = { green: (s) => s, red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };

/**
 * Renders with colour on or off as the caller asked, whatever the run's
 * default: these renderers take `color` as an argument (the runner calls
 * them per scenario), so kleur's one switch is set for the render and put
 * back. Rendering is synchronous, so nothing else paints meanwhile.
 */
export function withPaint<T>(color: boolean, render: (paint: Paint) => T): T {
  if (!color) return render(PLAIN);
  const k = colors();
  const before = k.enabled;
  k.enabled = true;
  try {
    return render({
      green: (s) => k.green(s),
      red: (s) => k.red(s),
      yellow: (s) => k.yellow(s),
      dim: (s) => k.dim(s),
      bold: (s) => k.bold(s),
    });
  } finally {
    k.enabled = before;
  }
}
