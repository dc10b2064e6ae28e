/** The 8000-character budget of a command (spec: names, descriptions and choice values). */
import type { Limits } from '../limits.js';
import { textLength } from '../naming.js';
import { problem, type Problem } from '../problem.js';
import { isObject, type Obj } from './values.js';

export const utf16Length = (text: string): number => text.length;

/**
 * The 8000-character budget: names, descriptions and choice values across the
 * command, counting for each field only its longest localization. `measure`
 * counts a string; the default counts code points, as the service does.
 */
export function commandSize(cmd: Obj, measure: (text: string) => number = textLength): number {
  const longest = (value: unknown, dict: unknown): number => {
    let n = typeof value === 'string' ? measure(value) : typeof value === 'number' ? String(value).length : 0;
    if (isObject(dict)) {
      for (const locale in dict) {
        const v = dict[locale];
        if (typeof v === 'string') n = Math.max(n, measure(v));
      }
    }
    return n;
  };
  const walkOption = (o: unknown): number => {
    if (!isObject(o)) return 0;
    let n = longest(o.name, o.name_localizations) + longest(o.description, o.description_localizations);
    // Index loops: for-of makes an iterator and a result object per step in the interpreter, and this runs for every option.
    const { choices, options } = o;
    if (Array.isArray(choices))
      for (let i = 0; i < choices.length; i++) {
        const c = choices[i];
        if (isObject(c)) n += longest(c.name, c.name_localizations) + longest(c.value, null);
      }
    if (Array.isArray(options)) for (let i = 0; i < options.length; i++) n += walkOption(options[i]);
    return n;
  };
  return walkOption(cmd);
}

export function checkCommandSize(out: Problem[], cmd: Obj, limits: Limits): void {
  // UTF-16 units never number fewer than code points: a total within the limit in units is within it, with no string counted.
  if (commandSize(cmd, utf16Length) <= limits.command_total_chars) return;
  const size = commandSize(cmd);
  if (size > limits.command_total_chars) {
    out.push({
      ...problem(
        'command-size',
        [],
        `The command totals ${size} characters of names, descriptions and values; the limit is ${limits.command_total_chars} (only the longest localization of each field counts).`,
        {
          code: 'APPLICATION_COMMAND_TOO_LARGE',
          message: `Command exceeds maximum size (${limits.command_total_chars})`,
        },
      ),
      apiPath: [],
    });
  }
}
