import { ManifestReadError, UsageError } from '../../errors.js';
import { resolve } from 'node:path';
import { checkManifest } from '../../manifest/check.js';
import { displayPath, MAX_MANIFEST_BYTES, parseSource, type SourceFile } from '../../manifest/source.js';
import {
  countReport,
  defaultLintFormat,
  formatLintReport,
  reportsByFile,
  type FileReport,
  type LintFormat,
} from '../../report/lint/index.js';
import type { CliContext } from '../context.js';
import { interpolationEnv, locateManifest } from '../workspace.js';

export interface LintCommandOptions {
  files: string[];
  manifest?: string;
  format?: LintFormat;
  maxWarnings?: number;
  quiet: boolean;
  /** With `-` among the files: the name standard input is linted as (positions, includes, format), as ESLint's `--stdin-filename`. */
  stdinFilename?: string;
}

/** Lints one file; a file that cannot be read at all is one finding, not a crash. */
export function lintPath(
  path: string,
  ctx: Pick<CliContext, 'cwd' | 'env'>,
  given?: ReadonlyMap<string, SourceFile>,
): FileReport {
  try {
    const { manifest, diagnostics } = checkManifest(path, { cwd: ctx.cwd, env: ctx.env, given });
    return { file: manifest?.root.display ?? path, diagnostics };
  } catch (err) {
    if (err instanceof ManifestReadError && err.code !== 'MANIFEST_NOT_FOUND') {
      return {
        file: err.file,
        diagnostics: [
          {
            file: err.file,
            line: 1,
            col: 1,
            endLine: 1,
            endCol: 1,
            severity: 'error',
            rule: 'unreadable',
            message: err.message,
          },
        ],
      };
    }
    throw err;
  }
}

/** Exit 0 clean (warnings allowed), 1 on any error finding, 2 on a usage or internal failure (ESLint's codes). */
export async function runLint(opts: LintCommandOptions, ctx: CliContext): Promise<number> {
  const reports: FileReport[] = [];
  let paths: string[];
  try {
    paths = opts.files.length > 0 ? opts.files : [locateManifest(ctx, opts.manifest)];
  } catch (err) {
    if (err instanceof ManifestReadError) throw new UsageError(err.message);
    throw err;
  }
  const env = { cwd: ctx.cwd, env: interpolationEnv(ctx) };
  const stdin = paths.includes('-') ? await readStdinManifest(opts.stdinFilename, ctx) : undefined;
  for (const named of paths) {
    const path = named === '-' && stdin ? stdin.absPath : named;
    try {
      const linted = lintPath(path, env, stdin ? new Map([[stdin.absPath, stdin]]) : undefined);
      reports.push(...reportsByFile(linted.file, linted.diagnostics));
    } catch (err) {
      if (err instanceof ManifestReadError) throw new UsageError(err.message);
      throw err;
    }
  }
  const shown = opts.quiet
    ? reports.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error') }))
    : reports;
  const report = countReport(shown);
  const format = opts.format ?? defaultLintFormat(ctx.terminal);
  const output = formatLintReport(report, format, { cwd: ctx.cwd, workspace: ctx.env.GITHUB_WORKSPACE });
  if (output !== '') ctx.stdout.write(output);
  const warnings = countReport(reports).warningCount;
  if (report.errorCount > 0) return 1;
  if (opts.maxWarnings !== undefined && warnings > opts.maxWarnings) {
    ctx.stderr.write(`cmdsync found ${warnings} warnings (maximum: ${opts.maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

/**
 * Standard input as a manifest named `filename` (default `stdin.yaml` in the
 * working directory): editors and hooks pipe a buffer that is not saved yet.
 * Held to the same size cap as a file.
 */
async function readStdinManifest(filename: string | undefined, ctx: CliContext): Promise<SourceFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.stdin as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > MAX_MANIFEST_BYTES)
      throw new UsageError(
        `standard input is larger than ${MAX_MANIFEST_BYTES / 1048576} MiB; manifests are limited to that.`,
      );
    chunks.push(buf);
  }
  const absPath = resolve(ctx.cwd, filename ?? 'stdin.yaml');
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return parseSource(text, absPath, displayPath(absPath, ctx.cwd));
}
