/**
 * One manifest file into a plain value: read (or reuse) its text, parse it on
 * the exact or the block path, and say each syntax, number and variable
 * finding at its position. What the value means is load.ts's job.
 */
import { resolve } from 'node:path';
import { diagnosticAt, type Diagnostic } from './diagnostic.js';
import { fastParse, type ParsedValue } from './fast-parse.js';
import { jsonProblem } from './json-strict.js';
import { offsetPosition } from './locate.js';
import { AliasExpansionError, NestingError, toPlainValue, type PlainValueReport } from './plain-values.js';
import { readSource, type SourceFile } from './source.js';
import { plainSyntaxError } from './syntax-message.js';

export interface LoadOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Read values with the block reader (fast-parse.ts), which needs no
   * positions; a file it declines marks the result `declined`. Only
   * `checkManifest` uses this.
   */
  fast?: boolean;
  /** Files already read, by absolute path, so a second pass reuses their parsed documents. */
  sources?: Map<string, SourceFile>;
  /** Files whose text the caller gives (`cmdsync lint -` reads standard input), by absolute path. */
  given?: ReadonlyMap<string, SourceFile>;
}

export function readCached(path: string, opts: LoadOptions): SourceFile {
  // A file given as text (standard input) is read from nowhere else.
  const given = opts.given?.get(resolve(opts.cwd, path));
  if (given) return given;
  const file = readSource(path, opts.cwd);
  const cached = opts.sources?.get(file.absPath);
  if (cached && cached.text === file.text) return cached;
  opts.sources?.set(file.absPath, file);
  return file;
}

/** What one load carries from file to file: the findings, and whether a fast read was declined. */
export interface LoadState {
  readonly diagnostics: Diagnostic[];
  declined: boolean;
}

/** Parse a file into a plain value, reporting syntax problems; undefined when it cannot be used (or, on a fast load, is declined). */
export function plainDocument(file: SourceFile, opts: LoadOptions, state: LoadState): unknown {
  const out = state.diagnostics;
  const raw = opts.fast ? fastValue(file) : { value: exactValue(file, out), unshared: false, references: true };
  if (raw === undefined) {
    state.declined = true;
    return undefined;
  }
  if (raw.value === undefined) return undefined;
  const report: PlainValueReport = { unsafe: [], missing: [], secret: [] };
  let value: unknown;
  try {
    value = toPlainValue(raw.value, opts.env, report, { reuse: raw.unshared, references: raw.references });
  } catch (err) {
    if (!(err instanceof AliasExpansionError) && !(err instanceof NestingError)) throw err;
    // The exact path says where.
    if (opts.fast) {
      state.declined = true;
      return undefined;
    }
    out.push(
      diagnosticAt(file, err.path, 'error', err instanceof NestingError ? 'yaml-depth' : 'yaml-alias', err.message),
    );
    return undefined;
  }
  for (const u of report.unsafe) {
    out.push(
      diagnosticAt(
        file,
        u.path,
        'error',
        'unsafe-number',
        `${u.text} is outside the range JavaScript numbers hold exactly (±2^53); quote it if it is an id, or use a smaller number.`,
      ),
    );
  }
  for (const s of report.secret) {
    out.push(
      diagnosticAt(
        file,
        s.path,
        'error',
        'env-secret',
        `\${${s.name}} names a credential or a secret: a manifest value is shown in plans and logs and sent to the service, so cmdsync never reads it there.`,
      ),
    );
  }
  for (const m of report.missing) {
    out.push(
      diagnosticAt(
        file,
        m.path,
        'warning',
        'env-missing',
        `Environment variable ${m.name} is not set (write \${${m.name}:-default} for a fallback).`,
      ),
    );
  }
  return value;
}

/** The fast readers' value (fast-parse.ts); undefined for a file only the exact path can judge (empty, not strict JSON, outside the readers' subsets). */
function fastValue(file: SourceFile): ParsedValue | undefined {
  if (file.text.trim() === '') return undefined;
  // A .json file is read as JSON alone: what JSON forbids but YAML takes is reported on the exact path.
  const parsed = fastParse(file.text, isJsonFile(file));
  if (parsed === undefined || parsed.value === null) return undefined;
  return parsed;
}

function isJsonFile(file: SourceFile): boolean {
  return file.absPath.toLowerCase().endsWith('.json');
}

function exactValue(file: SourceFile, out: Diagnostic[]): unknown {
  const notJson = isJsonFile(file) && file.doc.errors.length === 0 ? jsonProblem(file.text) : undefined;
  if (notJson) {
    out.push({
      file: file.display,
      ...offsetPosition(file, notJson.offset),
      severity: 'error',
      rule: 'syntax',
      message: notJson.message,
    });
    return undefined;
  }
  // Several parser errors often name one mistake: each plain finding once.
  const said = new Set<string>();
  for (const err of file.doc.errors) {
    const plain = plainSyntaxError(file.text, err);
    const key = `${plain.offset}:${plain.message}`;
    if (said.has(key)) continue;
    said.add(key);
    out.push({
      file: file.display,
      ...offsetPosition(file, plain.offset),
      severity: 'error',
      rule: 'syntax',
      message: plain.message,
    });
  }
  for (const w of file.doc.warnings) {
    out.push({
      file: file.display,
      ...offsetPosition(file, w.pos[0]),
      severity: 'warning',
      rule: 'syntax',
      message: w.message.split('\n')[0],
    });
  }
  if (file.doc.errors.length > 0) return undefined;
  if (file.doc.contents === null || file.text.trim() === '') {
    out.push(wholeFile(file, 'manifest-empty', 'The file is empty.'));
    return undefined;
  }
  try {
    return file.doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    // The parser's own guard against alias bombs: said in the words of ours.
    if (err instanceof RangeError) {
      out.push(wholeFile(file, 'yaml-depth', new NestingError([]).message));
      return undefined;
    }
    if (err instanceof ReferenceError && /alias/i.test(err.message)) {
      out.push(wholeFile(file, 'yaml-alias', new AliasExpansionError([]).message));
      return undefined;
    }
    out.push(wholeFile(file, 'syntax', (err as Error).message));
    return undefined;
  }
}

/** A finding about the file as a whole, placed at its start. */
function wholeFile(file: SourceFile, rule: string, message: string): Diagnostic {
  return { file: file.display, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', rule, message };
}
