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

/** What the suppressions of one line (or of the whole file) cover: every rule, or these. */
interface Covered {
  all: boolean;
  rules: Set<string>;
}

/**
 * A file's suppressions by the line they cover (0: the whole file), each
 * line's merged into one set, so each finding is one look-up however many
 * comments and rules a file holds (a hostile file's comments times its
 * findings, before).
 */
function byLine(sups: Suppression[]): Map<number, Covered> {
  const lines = new Map<number, Covered>();
  for (const s of sups) {
    let at = lines.get(s.line);
    if (!at) lines.set(s.line, (at = { all: false, rules: new Set() }));
    if (s.rules.length === 0) at.all = true;
    for (const r of s.rules) at.rules.add(r);
  }
  return lines;
}

const covers = (c: Covered | undefined, d: Diagnostic) => c !== undefined && (c.all || c.rules.has(d.rule));

export function applySuppressions(list: Diagnostic[], files: SourceFile[]): Diagnostic[] {
  const byFile = new Map(files.map((f) => [f.display, byLine(suppressionsOf(f))]));
  return list.filter((d) => {
    if (d.rule === 'syntax') return true;
    const lines = byFile.get(d.file);
    if (!lines || lines.size === 0) return true;
    return !(covers(lines.get(0), d) || (d.line !== 0 && covers(lines.get(d.line), d)));
  });
}
