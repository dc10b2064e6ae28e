// The bot's clock on the test's clock (issue 38), loaded by cmdsync-preload.cjs when the runner gives
// CMDSYNC_CLOCK (host:port:token of its private channel). The bot's timers (setTimeout, setInterval,
// node:timers, node:timers/promises) become @sinonjs/fake-timers timers that follow real time, and
// Date is real time plus what the test advanced; when the runner says `advance`, they move together.
// What keeps the connection alive is left on the real clock: timers set from inside the gateway and
// REST code (@discordjs/ws, @discordjs/rest, undici and Node's own fetch, ws, oceanic.js's and eris's
// gateway and REST) are the runtime's own, so a heartbeat or a request's timeout never fires early and a
// session is never dropped because time moved. What a library does for the bot (discord.js's collectors,
// eris's command cooldowns and reaction buttons) is the bot's, and moves.
'use strict';
const net = require('node:net');
const timers = require('node:timers');
const timersPromises = require('node:timers/promises');
const util = require('node:util');

const CONNECTION = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](?:@discordjs[\\/](?:ws|rest)|undici|ws)[\\/]`,
    String.raw`[\\/]node_modules[\\/]oceanic\.js[\\/]dist[\\/]lib[\\/](?:gateway|rest)[\\/]`,
    // eris's Client.js sleeps between reconnects and between a purge's bulk deletes; voice is a connection too.
    String.raw`[\\/]node_modules[\\/]eris[\\/]lib[\\/](?:gateway[\\/]|rest[\\/]|voice[\\/]|util[\\/](?:Sequential)?Bucket\.js|Client\.js)`,
    // Node's own fetch (undici inside the runtime): oceanic.js's requests and a bot's own fetch.
    '^node:internal/deps/undici/',
  ].join('|'),
);
/** How many callers are looked at to find the first one outside Node's own modules. */
const FRAMES = 8;
const TIMER_NAMES = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'];
const PROMISE_NAMES = ['setTimeout', 'setInterval'];
/** How often the fake clock is brought up to real time: a bot's timer fires at most this late. */
const FOLLOW_MS = 5;
const MAX_LINE = 4096;

function pick(source, names) {
  const out = {};
  for (const name of names) out[name] = source[name];
  return out;
}

/**
 * Whether the function `router` was called from a connection library: its caller is the first frame with
 * a file that is not one of Node's own modules (the caller of events.emit, not emit), so a bot's handler
 * called straight from a library's gateway code is the bot's. The call sites are read as objects, whatever
 * Error.prepareStackTrace the bot installed (source-map-support).
 */
function fromConnection(router) {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  const holder = {};
  let sites;
  try {
    Error.prepareStackTrace = (_error, callSites) => callSites;
    Error.stackTraceLimit = FRAMES;
    Error.captureStackTrace(holder, router);
    sites = holder.stack;
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
  if (!Array.isArray(sites)) return false;
  for (const site of sites) {
    const file = site.getFileName?.();
    if (!file) continue;
    if (CONNECTION.test(file)) return true;
    if (!file.startsWith('node:')) return false;
  }
  return false;
}

/** A timer function that gives connection libraries the real one and the bot the fake one (`made` sees each fake timer). */
function routed(name, real, fake, made) {
  const router = function (...args) {
    if (fromConnection(router)) return real.apply(this, args);
    const handle = fake.apply(this, args);
    made(handle);
    return handle;
  };
  Object.defineProperty(router, 'name', { value: name });
  return router;
}

/** Installs the clock; returns what the channel drives, or undefined when fake-timers cannot be loaded. */
function installClock() {
  let FakeTimers;
  try {
    FakeTimers = require('@sinonjs/fake-timers');
  } catch {
    return undefined;
  }
  const real = {
    global: pick(globalThis, TIMER_NAMES),
    timers: pick(timers, TIMER_NAMES),
    promises: pick(timersPromises, PROMISE_NAMES),
    Date: globalThis.Date,
  };
  const clock = FakeTimers.withGlobal(globalThis).install({
    now: real.Date.now(),
    toFake: TIMER_NAMES,
    shouldClearNativeTimers: true,
  });
  const fake = {
    global: pick(globalThis, TIMER_NAMES),
    timers: pick(timers, TIMER_NAMES),
    promises: pick(timersPromises, PROMISE_NAMES),
  };

  // The fake clock follows real time: brought up to it every few ms while a timer of the bot's keeps the process alive.
  const handles = new Set();
  let followed = real.Date.now();
  const keepAlive = () => {
    // Timers made without a handle (node:timers/promises) keep the process alive, as the real ones do.
    for (const handle of handles) if (!clock.timers?.has(Number(handle))) handles.delete(handle);
    let alive = clock.countTimers() > handles.size;
    for (const handle of handles) if (handle.hasRef()) alive = true;
    if (alive) driver.ref();
    else driver.unref();
  };
  const follow = () => {
    const now = real.Date.now();
    const elapsed = now - followed;
    followed = now;
    if (elapsed > 0) clock.tick(elapsed);
    keepAlive();
  };
  const driver = real.global.setInterval(follow, FOLLOW_MS);
  driver.unref();
  const made = (handle) => {
    if (typeof handle?.hasRef === 'function') handles.add(handle);
    driver.ref();
  };
  const none = () => undefined;
  for (const name of TIMER_NAMES) {
    // A clear finds its timer wherever it was made (shouldClearNativeTimers forwards a native one).
    const set = name.startsWith('set');
    globalThis[name] = set ? routed(name, real.global[name], fake.global[name], made) : fake.global[name];
    timers[name] = set ? routed(name, real.timers[name], fake.timers[name], made) : fake.timers[name];
  }
  for (const name of PROMISE_NAMES)
    if (real.promises[name]) timersPromises[name] = routed(name, real.promises[name], fake.promises[name], none);
  globalThis.setTimeout[util.promisify.custom] = timersPromises.setTimeout;
  timers.setTimeout[util.promisify.custom] = timersPromises.setTimeout;

  let advanced = 0;
  globalThis.Date = shiftedDate(real.Date, () => advanced);

  return {
    /** ms until the bot's next timer, or null when none waits. */
    next() {
      follow();
      let first;
      for (const timer of clock.timers?.values() ?? [])
        if (first === undefined || timer.callAt < first) first = timer.callAt;
      return first === undefined ? null : Math.max(0, first - clock.now);
    },
    /** Moves the bot's time `ms` forward, firing each timer that falls due in order, letting promises run between them. */
    async advance(ms) {
      follow();
      advanced += ms;
      try {
        await clock.tickAsync(ms);
      } catch (err) {
        // A timer's callback threw: as an uncaught exception, as it would have been on the real clock.
        process.nextTick(() => {
          throw err;
        });
      }
      keepAlive();
    },
  };
}

/** Date as real time plus what the test advanced: `new Date()` and `Date.now()` move with `advance`. */
function shiftedDate(RealDate, offset) {
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset());
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset();
    }
  }
  // Date() called without new gives a string, as the real one does.
  return new Proxy(ShiftedDate, {
    apply: () => new ShiftedDate().toString(),
  });
}

/** The runner's private channel: newline-delimited JSON, the token first. */
function connect(address, driven) {
  const match = /^([^:]+):(\d+):([A-Za-z0-9_-]+)$/.exec(address);
  if (!match) return;
  const socket = net.connect({ host: match[1], port: Number(match[2]) });
  socket.unref();
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.write(`${JSON.stringify({ hello: match[3], runtime: 'node', pid: process.pid })}\n`);
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE * 4) return socket.destroy();
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      answer(socket, line, driven);
      end = buffered.indexOf('\n');
    }
  });
}

async function answer(socket, line, driven) {
  let order;
  try {
    order = JSON.parse(line);
  } catch {
    return;
  }
  if (order.op === 'next') socket.write(`${JSON.stringify({ id: order.id, next: driven.next() })}\n`);
  else if (order.op === 'advance' && Number.isFinite(order.ms) && order.ms >= 0) {
    await driven.advance(order.ms);
    socket.write(`${JSON.stringify({ id: order.id, done: true })}\n`);
  }
}

const address = process.env.CMDSYNC_CLOCK;
if (address) {
  const driven = installClock();
  if (driven) {
    connect(address, driven);
    process.stderr.write("[cmdsync] shim: the bot's timers and Date follow the test's advance (Node)\n");
  } else process.stderr.write('[cmdsync] shim: no @sinonjs/fake-timers beside the shim; advance moves only the emulator\n');
}
