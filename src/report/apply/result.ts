import { stripVTControlCharacters } from 'node:util';
import { colors } from '../color.js';
import type { ApplyResult, ApplyResultItem, RemovedDuplicate } from '../../sync/apply-result.js';

const SIGN: Record<string, string> = {
  create: '+',
  update: '~',
  rename: '~',
  replace: '-/+',
  delete: '-',
  permissions: '~',
};
const DONE: Record<string, string> = {
  create: 'created',
  update: 'updated',
  rename: 'renamed',
  replace: 'replaced',
  delete: 'deleted',
  permissions: 'permission set replaced',
};

/** A service message is remote text: keep it on one line and free of terminal escapes. */
export function sanitizeMessage(message: string): string {
  return (
    stripVTControlCharacters(message)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .trim()
  );
}

function count(items: ApplyResultItem[], kind: string): number {
  return items.filter((i) => i.kind === kind).length;
}

/** `1 created, 2 updated, 0 renamed, 0 replaced, 1 deleted, 3 permission sets replaced` */
export function appliedCounts(applied: ApplyResultItem[]): string {
  const perms = count(applied, 'permissions');
  return (
    `${count(applied, 'create')} created, ${count(applied, 'update')} updated, ${count(applied, 'rename')} renamed, ` +
    `${count(applied, 'replace')} replaced, ${count(applied, 'delete')} deleted, ` +
    `${perms} permission set${perms === 1 ? '' : 's'} replaced` +
    webhookCounts(applied)
  );
}

/** `; webhooks: 1 created, 0 updated, 0 deleted`, only when the apply touched webhooks. */
function webhookCounts(applied: ApplyResultItem[]): string {
  const n = (k: string): number => count(applied, `webhook ${k}`);
  if (n('create') + n('update') + n('delete') === 0) return '';
  return `; webhooks: ${n('create')} created, ${n('update')} updated, ${n('delete')} deleted`;
}

/** `channel:<id>/webhook/<name> (id <id>)`: the id, since the one kept has the same name and channel. */
export function duplicateAddress(d: RemovedDuplicate): string {
  return `channel:${d.channelId}/webhook/${d.name} (id ${d.id})`;
}

/** Why a webhook the plan did not mention was deleted: said, so the count of deletes is not a surprise. */
export function duplicatesSentence(result: ApplyResult): string | undefined {
  const n = result.duplicatesRemoved?.length ?? 0;
  if (n === 0) return undefined;
  return `Removed ${n} duplicate webhook${n === 1 ? '' : 's'} this apply made (a create whose answer was lost landed after all, beside the one sent again):`;
}

function duplicateLines(result: ApplyResult): string[] {
  const head = duplicatesSentence(result);
  if (!head) return [];
  return [
    colors().yellow(head),
    ...result.duplicatesRemoved!.map(
      (d) => `  ${sign('delete')} ${sanitizeMessage(duplicateAddress(d))} ${colors().dim('deleted')}`,
    ),
  ];
}

function sign(kind: string): string {
  const s = (SIGN[kind] ?? '*').padStart(3);
  return kind === 'create'
    ? colors().green(s)
    : kind === 'delete'
      ? colors().red(s)
      : kind === 'replace'
        ? colors().magenta(s)
        : colors().yellow(s);
}

function list(title: string, items: ApplyResultItem[], done: boolean): string[] {
  if (items.length === 0) return [];
  return [
    `${title} (${items.length}):`,
    ...items.map(
      (i) => `  ${sign(i.kind)} ${i.address} ${colors().dim(done ? (DONE[i.kind] ?? i.kind) : `(${i.kind})`)}`,
    ),
  ];
}

/** `3 of 5 requests`; with less to go on, `3 requests`, or counted in changes. */
function failedAfter(result: ApplyResult): string {
  const { requestsSent: sent, requestsTotal: total } = result;
  if (sent !== undefined && total !== undefined) return `${sent} of ${total} request${total === 1 ? '' : 's'}`;
  if (sent !== undefined) return `${sent} request${sent === 1 ? '' : 's'}`;
  const changes = result.applied.length + result.notApplied.length;
  return `${result.applied.length} of ${changes} change${changes === 1 ? '' : 's'}`;
}

/**
 * The last words of an apply. On success, Terraform's "Apply complete!" line
 * with counts per kind. On failure, how far it got, what was and was not
 * applied, and that running it again is safe (every request is idempotent,
 * docs/architecture.md "Convergence").
 */
export function formatApplyResult(result: ApplyResult): string {
  const lines: string[] = [];
  if (!result.failed) {
    // "complete" only when nothing was left out: the exit code says 1 otherwise, and so must the words.
    const incomplete =
      !!result.permissionsSkipped || result.notApplied.length > 0 || (result.skippedScopes?.length ?? 0) > 0;
    lines.push(
      incomplete
        ? colors()
            .yellow()
            .bold(`Apply incomplete: ${appliedCounts(result.applied)}.`)
        : colors()
            .green()
            .bold(`Apply complete! ${appliedCounts(result.applied)}.`),
    );
    if (result.permissionsSkipped) lines.push(colors().yellow(sanitizeMessage(result.permissionsSkipped)));
    if (result.skippedScopes?.length)
      lines.push(colors().yellow(`Not read, so left alone: ${result.skippedScopes.join(', ')}.`));
    const dups = duplicateLines(result);
    if (dups.length) lines.push('', ...dups);
    const rest = list('Not applied', result.notApplied, false);
    if (rest.length) lines.push('', ...rest);
    return `${lines.join('\n')}\n`;
  }

  const { failed } = result;
  const progress = failedAfter(result);
  lines.push(
    colors()
      .red()
      .bold(`Error: ${failed.address}: ${sanitizeMessage(failed.message)}`),
    '',
  );
  lines.push(colors().red().bold(`Apply failed after ${progress}.`));
  const applied = list('Applied', result.applied, true);
  const notApplied = list('Not applied', result.notApplied, false);
  if (applied.length) lines.push('', ...applied);
  if (notApplied.length) lines.push('', ...notApplied);
  const dups = duplicateLines(result);
  if (dups.length) lines.push('', ...dups);
  if (result.permissionsSkipped) lines.push('', colors().yellow(sanitizeMessage(result.permissionsSkipped)));
  lines.push('', 'Run cmdsync apply again to finish: every request is safe to retry.');
  return `${lines.join('\n')}\n`;
}
