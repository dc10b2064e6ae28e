// oceanic.js: its RequestHandler takes `rest.baseURL ?? Constants.API_URL` when a client is made, and the
// shards ask GET /gateway/bot for the gateway. Constants is a CommonJS module whose exports are plain
// properties, so setting API_URL there before the bot makes a client is what a bot naming no base reads.
'use strict';

const OCEANIC = /[\\/]node_modules[\\/]oceanic\.js[\\/]/;

module.exports = {
  matches: (request, parent) => /(?:^|\/)Constants(?:\.js)?$/.test(request) && OCEANIC.test(parent?.filename ?? ''),
  patch(exported, emulator) {
    if (!exported || typeof exported.API_URL !== 'string' || exported.REST_VERSION === undefined) return undefined;
    exported.API_URL = `${emulator.restBase}/v${exported.REST_VERSION}`;
    return { line: 'oceanic.js Constants.API_URL points at the emulator' };
  },
};
