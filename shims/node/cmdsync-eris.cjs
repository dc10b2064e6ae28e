// eris: its RequestHandler sends every request with https.request({ host: rest.domain, by default "discord.com",
// path: "/api/v10" + route }); the scheme is fixed, so no option can point it at a plain-HTTP emulator.
// The shim gives that one module (lib/rest/RequestHandler.js) an `https` whose request sends what goes to
// discord.com to the emulator instead; a bot that names its own `rest: { domain }` keeps real HTTPS to it.
// The gateway comes from GET /gateway/bot, so it follows.
'use strict';

const http = require('node:http');
const https = require('node:https');

const REQUEST_HANDLER = /[\\/]node_modules[\\/]eris[\\/]lib[\\/]rest[\\/]RequestHandler\.js$/;
const DEFAULT_DOMAIN = 'discord.com';

/** An `https` module whose request() sends eris's default domain to `emulator`. */
function toEmulator(emulator) {
  const base = new URL(emulator.restBase);
  // eris's path already starts with /api/v10; the emulator's base ends in /api.
  const prefix = base.pathname.replace(/\/api\/?$/, '');
  const transport = base.protocol === 'https:' ? https : http;
  const request = (...args) => {
    const [options, callback] = args;
    if (typeof options !== 'object' || options === null || options instanceof URL || options.host !== DEFAULT_DOMAIN)
      return https.request(...args);
    // An https.Agent the bot gave its client cannot carry plain HTTP: the emulator gets the default one.
    const agent = options.agent?.protocol === base.protocol ? options.agent : undefined;
    return transport.request(
      {
        ...options,
        protocol: base.protocol,
        host: base.hostname.replace(/^\[(.*)\]$/, '$1'), // an IPv6 literal without its brackets
        port: base.port,
        path: prefix + options.path,
        agent,
      },
      callback,
    );
  };
  return { ...https, request };
}

let made;
module.exports = {
  matches: (request, parent) => request === 'https' && REQUEST_HANDLER.test(parent?.filename ?? ''),
  patch(_exported, emulator) {
    made ??= toEmulator(emulator);
    return { exported: made, line: 'eris REST (discord.com) points at the emulator' };
  },
};
