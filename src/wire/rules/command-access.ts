/**
 * Who may use a command and where: `default_member_permissions`, `contexts`,
 * `integration_types`, and the fields only global commands hold.
 */
import { IntegrationType, InteractionContext } from '../enums.js';
import { ALL_PERMISSION_BITS, DECIMAL_PERMISSIONS } from '../permissions.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import type { Scope } from '../scope.js';
import { checkArray, checkEnumList, describeValue, has, ROOT, type Obj } from './values.js';

/** Fields that exist only on global commands (spec: guild create takes all fields but these). */
export const GLOBAL_ONLY_FIELDS = ['dm_permission', 'integration_types', 'contexts'] as const;

export function checkPermissionsField(out: Problem[], cmd: Obj): void {
  const v = cmd.default_member_permissions;
  if (v === undefined || v === null) return;
  const text = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;
  if (typeof text !== 'string' || !DECIMAL_PERMISSIONS.test(text)) {
    out.push(
      problem(
        'default-member-permissions',
        ['default_member_permissions'],
        `default_member_permissions must be a decimal permission string such as "32" or a list of permission names, not ${describeValue(v)}.`,
        ApiErrors.integer(v),
      ),
    );
    return;
  }
  const unknown = BigInt(text) & ~ALL_PERMISSION_BITS;
  if (unknown !== 0n) {
    out.push({
      rule: 'default-member-permissions',
      severity: 'warning',
      path: ['default_member_permissions'],
      message: `default_member_permissions sets bits no permission uses (${unknown}).`,
    });
  }
}

export function checkContexts(out: Problem[], cmd: Obj, scope: Scope): void {
  if (scope.kind === 'guild') {
    // Guild commands hold none of these (facts §3.1, §12.3): guild POST and PATCH do not take them and the
    // guild bulk overwrite takes them only to default them, so the service accepts and drops them, whatever
    // their value. Lint says so, as a warning; nothing refuses.
    for (const field of GLOBAL_ONLY_FIELDS) {
      if (!has(cmd, field) || cmd[field] === null) continue;
      const botDm =
        field === 'contexts' && Array.isArray(cmd.contexts) && cmd.contexts.includes(InteractionContext.BOT_DM);
      out.push(
        botDm
          ? {
              rule: 'contexts-bot-dm-guild',
              severity: 'warning',
              path: ['contexts', (cmd.contexts as unknown[]).indexOf(InteractionContext.BOT_DM)],
              message:
                'Guild commands cannot run in DMs with the app, and the service drops contexts on guild commands: remove it.',
            }
          : {
              rule: 'global-only-field',
              severity: 'warning',
              path: [field],
              message: `${field} applies only to global commands; the service drops it on guild commands, so remove it.`,
            },
      );
    }
    return;
  }
  if (has(cmd, 'dm_permission') && has(cmd, 'contexts') && cmd.contexts !== null) {
    out.push({
      rule: 'deprecated-field',
      severity: 'warning',
      path: ['dm_permission'],
      message: 'dm_permission is deprecated and ignored when contexts is set; remove it.',
    });
  }
  const contexts = checkArray(out, cmd.contexts, ROOT, 'contexts-value', 'contexts', 'contexts');
  if (contexts)
    checkEnumList(out, contexts, ROOT, 'contexts-value', 'Interaction context', InteractionContext, 'contexts');
  const installs = checkArray(
    out,
    cmd.integration_types,
    ROOT,
    'integration-types-value',
    'integration_types',
    'integration_types',
  );
  if (installs)
    checkEnumList(
      out,
      installs,
      ROOT,
      'integration-types-value',
      'Integration type',
      IntegrationType,
      'integration_types',
    );

  // The spec calls PRIVATE_CHANNEL "meaningful only" with USER_INSTALL: the service stores it either way.
  if (contexts?.includes(InteractionContext.PRIVATE_CHANNEL)) {
    const i = contexts.indexOf(InteractionContext.PRIVATE_CHANNEL);
    if (installs && !installs.includes(IntegrationType.USER_INSTALL)) {
      out.push({
        rule: 'private-channel-needs-user-install',
        severity: 'warning',
        path: ['contexts', i],
        message:
          'PRIVATE_CHANNEL does nothing unless the command is installable by users: add user_install to integration_types.',
      });
    } else if (!installs) {
      out.push({
        rule: 'private-channel-needs-user-install',
        severity: 'warning',
        path: ['contexts', i],
        message:
          'PRIVATE_CHANNEL only works when the app is user-installable; set integration_types to include user_install to say so.',
      });
    }
  }
}
