import { ManifestReadError, UsageError } from '../../errors.js';
import { checkManifest } from '../../manifest/check.js';
import { countReport, defaultLintFormat, formatLintReport, reportsByFile, type FileReport, type LintFormat } from '../../report/lint/index.js';
import type { CliContext } from '../context.js';
import { interpolationEnv, locateManifest } from '../workspace.js';

export interface LintCommandOptions {
  files: string[];
  manifest?: string;
  format?: LintFormat;
  maxWarnings?: number;
  quiet: boolean;
}


/** Lints one file; a file that cannot be read at all is one finding, not a crash. */
export function lintPath(path: string, ctx: Pick<CliContext, 'cwd' | 'env'>): FileReport {
  try {
    const { manifest, diagnostics } = checkManifest(path, { cwd: ctx.cwd, env: ctx.env });
    return { file: manifest?.root.display ?? path, diagnostics };
  } catch (err) {
    if (err instanceof ManifestReadError && err.code !== 'MANIFEST_NOT_FOUND') {
      return { file: err.file, diagnostics: [{ file: err.file, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', rule: 'unreadable', message: err.message }] };
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
  for (const path of paths) {
    try {
      const linted = lintPath(path, env);
      reports.push(...reportsByFile(linted.file, linted.diagnostics));
    } catch (err) {
      if (err instanceof ManifestReadError) throw new UsageError(err.message);
      throw err;
    }
  }
  const shown = opts.quiet ? reports.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error') })) : reports;
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
