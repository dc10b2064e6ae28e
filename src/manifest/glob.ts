import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The files under `baseDir` matching `pattern` (`*`, `?`, `**`, `{a,b}`),
 * sorted, as absolute paths. Small on purpose: include lists are short and
 * `lint` must not pay for a glob library at start-up.
 */
export function globFiles(baseDir: string, pattern: string): string[] {
  const regex = globToRegExp(pattern.replace(/\\/g, '/').replace(/^\.\//, ''));
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (regex.test(relative(baseDir, abs).split(sep).join('/'))) found.push(abs);
    }
  };
  walk(baseDir);
  return found.sort();
}

export function isGlob(pattern: string): boolean {
  return /[*?{]/.test(pattern);
}

export function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (ch === '?') re += '[^/]';
    else if (ch === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) re += '\\{';
      else {
        re += '(?:' + pattern.slice(i + 1, end).split(',').map(escape).join('|') + ')';
        i = end;
      }
    } else re += escape(ch);
  }
  return new RegExp(`^${re}$`);
}

function escape(s: string): string {
  return s.replace(/[.+^$()|[\]\\]/g, '\\$&');
}
