/** A bot's channel messages: bodies, permissions, the routes' errors (components-messages-gateway facts §4.3, §5). */
export * from './body.js';
export * from './errors.js';
export * from './permissions.js';
export * from './query.js';
export * from './reactions.js';
export * from './members.js';
export * from './page-limit.js';
export * from './user-guilds.js';
export * from './pins.js';
export * from './bulk-delete.js';
export * from './dm.js';
