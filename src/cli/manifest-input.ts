import { loadValidManifest, ManifestErrorsError } from '../sync/load.js';
import { SilentExit } from '../errors.js';
import type { Diagnostic } from '../manifest/diagnostic.js';
import type { LoadedManifest } from '../manifest/load.js';
import { countReport, defaultLintFormat, formatLintReport, reportsByFile } from '../report/lint/index.js';
import { interpolationEnv, locateManifest } from './workspace.js';
import type { CliContext } from './context.js';

/**
 * The manifest plan, apply and notify work from: one with error findings is
 * refused with the same report lint prints (on stderr), exit 1.
 */
export function readManifestForSync(
  path: string | undefined,
  ctx: CliContext,
): { path: string; manifest: LoadedManifest; diagnostics: Diagnostic[] } {
  const manifestPath = locateManifest(ctx, path);
  try {
    const { manifest, diagnostics } = loadValidManifest(manifestPath, ctx.cwd, interpolationEnv(ctx));
    const warnings = diagnostics.filter((d) => d.severity === 'warning');
    if (warnings.length > 0)
      ctx.stderr.write(formatLintReport(countReport(reportsByFile(manifest.root.display, warnings)), 'unix'));
    return { path: manifestPath, manifest, diagnostics };
  } catch (err) {
    if (err instanceof ManifestErrorsError) {
      ctx.stderr.write(
        formatLintReport(countReport(reportsByFile(manifestPath, err.diagnostics)), defaultLintFormat(ctx.terminal)),
      );
      ctx.stderr.write(
        'The manifest has errors: nothing was planned. Fix them (cmdsync lint shows them) and run again.\n',
      );
      throw new SilentExit(1);
    }
    throw err;
  }
}
