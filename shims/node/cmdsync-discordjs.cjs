// discord.js (and @discordjs/core): @discordjs/rest's DefaultRestOptions.api is the REST base every REST
// it makes starts from unless the bot passes `rest: { api }`; it asks GET /gateway/bot for the gateway.
'use strict';

module.exports = {
  /** Whether `request` (from `parent`) loads the module this shim changes. */
  matches: (request, _parent) => request === '@discordjs/rest',
  /** Points the loaded module at the emulator: what the shim did (`line`) and, when it stands in for the module, what the bot gets instead (`exported`); undefined when it did not take hold. */
  patch(exported, emulator) {
    const defaults = exported?.DefaultRestOptions;
    if (!defaults || typeof defaults !== 'object') return undefined;
    defaults.api = emulator.restBase;
    return { line: '@discordjs/rest (discord.js) points at the emulator' };
  },
};
