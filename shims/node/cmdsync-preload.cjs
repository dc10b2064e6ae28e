// cmdsync's connection shim for a Node bot under test (issue 38), loaded by the runner with
// NODE_OPTIONS=--require: it points @discordjs/rest's default API base (discord.js, @discordjs/core)
// at the emulator, so a bot that never names an API base talks to it unchanged. A bot that passes its
// own `rest: { api }` keeps it. Without DISCORD_REST_BASE (the runner's variable) it does nothing.
'use strict';
const base = process.env.DISCORD_REST_BASE;
if (base) {
  const Module = require('node:module');
  const patched = new WeakSet();
  const originalLoad = Module._load;
  // Every copy the bot loads (discord.js's own, or one it depends on directly) gets the emulator's base
  // as its default before the bot makes a client.
  Module._load = function load(request, parent, isMain) {
    const exported = originalLoad.apply(this, arguments);
    if (request === '@discordjs/rest' && exported && typeof exported === 'object' && !patched.has(exported)) {
      const defaults = exported.DefaultRestOptions;
      if (defaults && typeof defaults === 'object') {
        defaults.api = base;
        patched.add(exported);
        process.stderr.write('[cmdsync] shim: @discordjs/rest (discord.js) points at the emulator\n');
      }
    }
    return exported;
  };
}
// The bot's timers on the test's clock, when the runner drives one (cmdsync-clock.cjs).
if (process.env.CMDSYNC_CLOCK) require('./cmdsync-clock.cjs');
