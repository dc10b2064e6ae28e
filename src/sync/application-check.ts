import { diagnosticAt } from '../manifest/diagnostic.js';
import { remoteFindings } from '../manifest/lint.js';
import type { LoadedManifest } from '../manifest/load.js';
import type { PlanError, PlanWarning } from '../plan/model.js';
import type { RemoteApplication } from '../remote/read/application.js';
import { applicationMismatches } from '../wire/application.js';
import type { Limits } from '../wire/limits.js';
import type { Scope } from '../wire/scope.js';
import type { Obj } from '../wire/rules/values.js';

/** What judging the planned commands by the remote application comes to: the plan's errors and warnings (buildPlan's `judge`). */
export interface ApplicationVerdict {
  warnings: PlanWarning[];
  errors: PlanError[];
}

/**
 * Before the first write: every command of the planned scopes judged by what
 * the remote reports (its application, an emulator's limits), each refusal an
 * error at its place in the manifest; and the manifest's `application:`
 * block compared with the application (a difference is a warning there).
 * Pure: `kept` is what each planned scope keeps of the remote's commands.
 */
export function judgeByApplication(
  manifest: LoadedManifest,
  app: RemoteApplication,
  judge: {
    limits: Limits;
    scopes: readonly Scope[];
    kept: Readonly<Record<string, ReadonlyArray<Obj>>>;
  },
): ApplicationVerdict {
  const warnings: PlanWarning[] = [];
  const errors: PlanError[] = [];
  if (!app.traits) {
    warnings.push({
      code: 'application-unread',
      message: `Could not read the application (${app.unread}): commands were not checked against its settings (Activity, installation contexts, discovery).`,
    });
  }
  if (app.emulator) {
    // The manifest's limits: is what the user says the service allows; this emulator enforces its own (its seed or flags).
    const differ = Object.entries(app.emulator.limits)
      .filter(([k, v]) => manifest.limits[k as keyof Limits] !== v)
      .map(([k, v]) => `${k} ${v} (the manifest says ${manifest.limits[k as keyof Limits]})`);
    if (differ.length > 0)
      warnings.push({
        code: 'limits',
        message: `The emulator enforces its own limits, not the manifest's: ${differ.join(', ')}. Commands are checked against the emulator's.`,
      });
  }
  if (!app.traits && !app.emulator) return { warnings, errors };
  const guilds = new Set(judge.scopes.flatMap((s) => (s.kind === 'guild' ? [s.guildId] : [])));
  const findings = remoteFindings(
    manifest,
    { application: app.traits, limits: judge.limits, kept: judge.kept },
    { global: judge.scopes.some((s) => s.kind === 'global'), guilds },
  );
  for (const d of findings) {
    errors.push({
      rule: d.rule,
      severity: 'error',
      path: [],
      message: `${d.file}:${d.line}:${d.col}: ${d.message}`,
      location: { file: d.file, line: d.line, col: d.col },
    });
  }
  if (manifest.application && app.traits) {
    for (const p of applicationMismatches(manifest.application, app.traits)) {
      const at = diagnosticAt(manifest.root, ['application', ...p.path], 'warning', p.rule, p.message);
      warnings.push({ code: 'application-mismatch', message: `${at.file}:${at.line}:${at.col}: ${p.message}` });
    }
  }
  return { warnings, errors };
}
