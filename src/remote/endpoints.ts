/** The typed endpoint calls, by resource: application commands (part A) and webhooks (part B). */
export * from './commands.js';
export * from './webhooks.js';
