import type { Diagnostic } from './diagnostic.js';
import type { SourceFile } from './source.js';

const DIRECTIVE = /#\s*cmdsync-disable(-next-line|-line|-file)?\b([^\n]*)/;

interface Suppression {
  /** 0 means the whole file. */
  line: number;
  /** Empty means every rule. */
  rules: string[];
}

/**
 * In-file suppression comments, after ESLint and Atlas's nolint:
 * `# cmdsync-disable-next-line rule-a, rule-b`, `# cmdsync-disable-line`,
 * `# cmdsync-disable-file rule`. Errors about the file's syntax cannot be
 * suppressed.
 */
export function suppressionsOf(file: SourceFile): Suppression[] {
  if (!file.text.includes('cmdsync-disable')) return [];
  const out: Suppression[] = [];
  file.text.split('\n').forEach((text, i) => {
    const m = DIRECTIVE.exec(text);
    if (!m) return;
    const rules = m[2].split(/[\s,]+/).filter((r) => /^[a-z][a-z0-9-]*$/.test(r));
    const kind = m[1] ?? '-file';
    out.push({ line: kind === '-file' ? 0 : kind === '-line' ? i + 1 : i + 2, rules });
  });
  return out;
}

/** A file's suppressions by the line they cover (0: the whole file), so each finding looks at its own line only. */
function byLine(sups: Suppression[]): Map<number, Suppression[]> {
  const lines = new Map<number, Suppression[]>();
  for (const s of sups) {
    const at = lines.get(s.line);
    if (at) at.push(s);
    else lines.set(s.line, [s]);
  }
  return lines;
}

const covers = (s: Suppression, d: Diagnostic) => s.rules.length === 0 || s.rules.includes(d.rule);

export function applySuppressions(list: Diagnostic[], files: SourceFile[]): Diagnostic[] {
  const byFile = new Map(files.map((f) => [f.display, byLine(suppressionsOf(f))]));
  return list.filter((d) => {
    if (d.rule === 'syntax') return true;
    const lines = byFile.get(d.file);
    if (!lines) return true;
    const hit = (s: Suppression) => covers(s, d);
    return !(lines.get(0)?.some(hit) || (d.line !== 0 && lines.get(d.line)?.some(hit)));
  });
}
