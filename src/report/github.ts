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
  return `::${a.level}${props.length ? ' ' + props.join(',') : ''}::${escapeData(a.message)}`;
}

/** GitHub shows at most 10 annotations of each level per step; the rest are dropped silently. */
export const ANNOTATION_CAP_PER_LEVEL = 10;

export function addMask(value: string): string {
  return `::add-mask::${value}`;
}
