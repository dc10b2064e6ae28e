/** Who may use which command, where (facts §6, §6.1): the model, pure. */
export * from './types.js';
export { evaluateAccess, requiredPermissions, describePermissions, type Labeler } from './evaluate.js';
export {
  basePermissions,
  channelPermissions,
  type ChannelOverwrite,
  type GuildRoles,
  type MemberRoles,
} from './base-permissions.js';
export * from './subjects.js';
export * from './matrix.js';
export { mayManageCommandPermissions, type ManageVerdict } from './manage.js';
