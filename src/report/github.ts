/** GitHub Actions workflow commands (escaping after actions/toolkit). */

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  file?: string;
  line?: number;
  endLine?: number;
  col?: number;
  endColumn?: number;
  title?: string;
}

export function annotation(a: Annotation): string {
  const props = [
    a.file !== undefined && `file=${escapeProperty(a.file)}`,
    a.line !== undefined && `line=${a.line}`,
    a.endLine !== undefined && `endLine=${a.endLine}`,
    a.col !== undefined && `col=${a.col}`,
    a.endColumn !== undefined && `endColumn=${a.endColumn}`,
    a.title !== undefined && `title=${escapeProperty(a.title)}`,
  ].filter(Boolean);
  return `::${a.level}${props.length ? ` ${props.join(',')}` : ''}::${escapeData(a.message)}`;
}

/** The inverse of `annotation` for an `::error` line: its properties and message, or undefined for any other line. */
export function parseErrorAnnotation(line: string): { props: Map<string, string>; message: string } | undefined {
  const m = /^::error ([^:]*)::(.*)$/.exec(line);
  if (!m) return undefined;
  const props = new Map<string, string>();
  for (const p of m[1]!.split(',')) {
    const eq = p.indexOf('=');
    if (eq > 0) props.set(p.slice(0, eq), unescapeData(p.slice(eq + 1)));
  }
  return { props, message: unescapeData(m[2]!) };
}

function unescapeData(s: string): string {
  return s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/** GitHub shows at most 10 annotations of each level per step; the rest are dropped silently. */
export const ANNOTATION_CAP_PER_LEVEL = 10;
