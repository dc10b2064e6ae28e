/** Interactions as the service delivers them (facts §9): the command line, the payload, the refusals. Pure. */
export * from './command-line.js';
export * from './options.js';
export * from './payload.js';
export * from './refusal.js';
export * from './callback.js';
export * from './delivery.js';
export * from './names.js';
