// cmdsync's connection shims for a Node bot under test (issue 38), loaded by the runner with
// NODE_OPTIONS=--require: they point each library's default API base at the emulator, so a bot that never
// names one talks to it unchanged (discord.js and @discordjs/core, oceanic.js, eris: one file each beside
// this one). A bot that passes its own base keeps it. Without DISCORD_REST_BASE (the runner's variable)
// they do nothing.
'use strict';
const restBase = process.env.DISCORD_REST_BASE;
if (restBase) {
  const Module = require('node:module');
  const shims = [require('./cmdsync-discordjs.cjs'), require('./cmdsync-oceanic.cjs'), require('./cmdsync-eris.cjs')];
  const emulator = { restBase: restBase.replace(/\/+$/, '') };
  const said = new Set();
  const originalLoad = Module._load;
  // Each module a shim knows is changed as it is loaded, before the bot can make a client with it; every
  // copy the bot loads (a library's own, or one it depends on directly) is changed the same way.
  Module._load = function load(request, parent, isMain) {
    const exported = originalLoad.apply(this, arguments);
    for (const shim of shims) {
      if (!shim.matches(request, parent)) continue;
      const done = shim.patch(exported, emulator);
      if (!done) break;
      if (!said.has(done.line)) {
        said.add(done.line);
        process.stderr.write(`[cmdsync] shim: ${done.line}\n`);
      }
      return done.exported ?? exported;
    }
    return exported;
  };
}
// The bot's timers on the test's clock, when the runner drives one (cmdsync-clock.cjs).
if (process.env.CMDSYNC_CLOCK) require('./cmdsync-clock.cjs');
