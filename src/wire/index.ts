/** The interface as data and pure rules: the one place every rule of the spec lives. */
export * from './enums.js';
export * from './limits.js';
export * from './locales.js';
export * from './naming.js';
export * from './permissions.js';
export * from './problem.js';
export * from './scope.js';
export * from './snowflake.js';
export { validateCommand, commandSize, GLOBAL_ONLY_FIELDS, type CommandRuleContext } from './rules/command.js';
export { validateScopeCommands, maxCommandsOfType, commandKey } from './rules/scope.js';
export { validatePermissionEntries } from './rules/permissions.js';
export { isObject } from './rules/values.js';
export * from './defaults.js';
export * from './service-rules.js';
export * as webhook from './webhook.js';
export * as access from './access/index.js';
