/**
 * The runner's private channel to the bot's clock (src/bot-test/run/bot-clock.ts) and the clock shims
 * behind it (shims/node/cmdsync-clock.cjs, shims/python/cmdsync_clock.py), with real processes over real
 * loopback sockets: a process that does not know the token is not driven; the bot's timers fire when the
 * runner advances, in order, while a connection library's timer stays on the real clock.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { BotClockChannel } from '../../src/bot-test/run/bot-clock.js';
import { withShims } from '../../src/bot-test/run/shims.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { testdir } from '../helpers/tmp.js';

let channel: BotClockChannel | undefined;
let server: Server | undefined;
afterEach(async () => {
  await channel?.close();
  channel = undefined;
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A process started with the runner's shims and the channel's address; its output as it comes. */
function startProcess(command: string, args: string[], cwd: string, address: string) {
  const env = withShims({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CMDSYNC_CLOCK: address });
  const child = spawn(command, args, { cwd, env: { ...env, PYTHONUNBUFFERED: '1' } });
  const lines: string[] = [];
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    const parts = (partial + d).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.setEncoding('utf8').on('data', () => undefined);
  return { child, lines };
}

/** Advances the channel the way `advance` does: to each next timer in turn, then the rest. */
async function advanceAll(ch: BotClockChannel, ms: number): Promise<void> {
  let left = ms;
  while (left > 0) {
    const next = await ch.next();
    const step = next === undefined ? left : Math.min(left, Math.max(1, next));
    await ch.advance(step);
    left -= step;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the channel', () => {
  test('a process without the token is closed and never driven; one with it is a peer', async () => {
    channel = await BotClockChannel.open();
    const [host, port] = channel.address.split(':');
    const stranger = connect({ host: host!, port: Number(port) });
    const closed = new Promise((r) => stranger.once('close', r));
    stranger.write(`${JSON.stringify({ hello: 'guessed', runtime: 'node', pid: 1 })}\n`);
    await closed;
    expect(channel.peers()).toEqual([]);
    // No peer: nothing to wait for, and nothing moved.
    expect(await channel.next()).toBeUndefined();

    const token = channel.address.split(':')[2];
    const peer = connect({ host: host!, port: Number(port) });
    peer.write(`${JSON.stringify({ hello: token, runtime: 'test', pid: 42 })}\n`);
    await until(() => channel!.peers().length === 1);
    expect(channel.peers()).toEqual([{ runtime: 'test', pid: 42 }]);
    // A peer that goes away mid-order does not hold the advance up.
    peer.on('data', () => peer.destroy());
    await channel.advance(1_000);
    expect(channel.offsetMs).toBe(1_000);
    await until(() => channel!.peers().length === 0);
  });
});

describe('the Node shim', () => {
  test("the bot's timers fire in order as the runner advances; a connection library's stays on the real clock", async () => {
    channel = await BotClockChannel.open();
    const dir = testdir({
      // A stand-in for the gateway library: its timer must not fire when the bot's time jumps.
      'node_modules/@discordjs/ws/index.js':
        "module.exports.start = () => setTimeout(() => console.log('library timer fired'), 60_000);",
      'bot.cjs': [
        "require('@discordjs/ws').start();",
        'const t0 = Date.now();',
        "setTimeout(() => console.log('collector ended', Math.round((Date.now() - t0) / 1000)), 60_000);",
        "let n = 0; const loop = setInterval(() => { n++; console.log('tick', n); if (n === 3) clearInterval(loop); }, 600_000);",
        "require('node:timers/promises').setTimeout(90_000).then(() => console.log('slept'));",
        "setTimeout(() => console.log('stay alive'), 2_000_000).unref();",
        'setInterval(() => {}, 1_000_000_000);',
      ].join('\n'),
    });
    const bot = startProcess(process.execPath, ['bot.cjs'], dir, channel.address);
    try {
      await until(() => channel!.peers().length === 1);
      expect(channel.peers()[0]!.runtime).toBe('node');
      expect(await channel.next()).toBeGreaterThan(59_000);
      await advanceAll(channel, 30 * 60_000);
      await until(() => bot.lines.includes('tick 3'));
      expect(bot.lines).toEqual(['collector ended 60', 'slept', 'tick 1', 'tick 2', 'tick 3']);
    } finally {
      bot.child.kill();
    }
  });
});

describe('the Node shim, with libraries that call the bot straight from their gateway code', () => {
  test("a bot's timer set in a handler eris or oceanic.js calls moves, as does eris's command cooldown; their gateway's does not", async () => {
    channel = await BotClockChannel.open();
    // Stand-ins at the libraries' own paths: each gateway sets its heartbeat and emits the event straight to the
    // bot's handler (events.emit between); eris's Command.js times a cooldown for the bot.
    const gateway = (name: string) =>
      `module.exports = (client) => { setTimeout(() => console.log('${name} heartbeat fired'), 60_000); client.emit('messageCreate', '${name}'); };`;
    const dir = testdir({
      'node_modules/eris/lib/gateway/Shard.js': gateway('eris'),
      'node_modules/oceanic.js/dist/lib/gateway/Shard.js': gateway('oceanic.js'),
      'node_modules/eris/lib/command/Command.js':
        "module.exports.cooldown = () => setTimeout(() => console.log('eris cooldown over'), 90_000);",
      'bot.cjs': [
        "const client = new (require('node:events').EventEmitter)();",
        "client.on('messageCreate', (from) => setTimeout(() => console.log('reminder from', from), 120_000));",
        "require('eris/lib/gateway/Shard.js')(client);",
        "require('oceanic.js/dist/lib/gateway/Shard.js')(client);",
        "require('eris/lib/command/Command.js').cooldown();",
        'setInterval(() => {}, 1_000_000_000);',
      ].join('\n'),
    });
    const bot = startProcess(process.execPath, ['bot.cjs'], dir, channel.address);
    try {
      await until(() => channel!.peers().length === 1);
      await advanceAll(channel, 10 * 60_000);
      // Waited for, then compared: what did not fire shows in the difference.
      await until(() => bot.lines.length >= 3).catch(() => undefined);
      expect(bot.lines).toEqual(['eris cooldown over', 'reminder from eris', 'reminder from oceanic.js']);
    } finally {
      bot.child.kill();
    }
  });
});

describe("the Node shim and Node's own fetch", () => {
  test('a request in flight while the test advances 10 minutes is not timed out by the jump', async () => {
    channel = await BotClockChannel.open();
    // The server holds its answer until the advance is over; fetch's headers timeout is 300 s.
    let answer: (() => void) | undefined;
    let heard: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const held = createServer((_req, res) => {
      answer = () => res.end('ok');
      heard();
    }).listen(0, '127.0.0.1');
    server = held;
    await once(held, 'listening');
    const { port } = held.address() as AddressInfo;
    const dir = testdir({
      'bot.cjs': [
        `fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then((t) => console.log('fetched', t), (e) => console.log('failed', e.cause?.code ?? e.message));`,
        'setInterval(() => {}, 1_000_000_000);',
      ].join('\n'),
    });
    const bot = startProcess(process.execPath, ['bot.cjs'], dir, channel.address);
    try {
      await until(() => channel!.peers().length === 1);
      await asked;
      await advanceAll(channel, 10 * 60_000);
      answer!();
      await until(() => bot.lines.length >= 1);
      expect(bot.lines).toEqual(['fetched ok']);
    } finally {
      bot.child.kill();
    }
  });
});

describe.runIf(discordPyAvailable())('the Python shim', () => {
  test(discordPyTitle(
    "asyncio sleeps, time.time and datetime move with the runner's advance; a gateway module's timer stays real",
  ), async () => {
    channel = await BotClockChannel.open();
    const dir = testdir({
      // A stand-in for a library's gateway module (the shim knows discord/, nextcord/, disnake/ gateway.py).
      'nextcord/__init__.py': '',
      'nextcord/gateway.py':
        'import asyncio\n\ndef start():\n    asyncio.get_running_loop().call_later(60, print, "library timer fired")\n',
      'bot.py': [
        'import asyncio, datetime, time',
        'import nextcord.gateway',
        'async def main():',
        '    nextcord.gateway.start()',
        '    t0, d0 = time.time(), datetime.datetime.now()',
        '    await asyncio.sleep(60)',
        '    print("slept", round(time.time() - t0), round((datetime.datetime.now() - d0).total_seconds()))',
        '    for n in range(3):',
        '        await asyncio.sleep(600)',
        '        print("tick", n + 1)',
        '    await asyncio.sleep(100000)',
        'asyncio.run(main())',
      ].join('\n'),
    });
    const bot = startProcess(PYTHON, ['bot.py'], dir, channel.address);
    try {
      await until(() => channel!.peers().length === 1);
      expect(channel.peers()[0]!.runtime).toBe('python');
      await new Promise((r) => setTimeout(r, 300));
      await advanceAll(channel, 31 * 60_000);
      await until(() => bot.lines.includes('tick 3'));
      expect(bot.lines).toEqual(['slept 60 60', 'tick 1', 'tick 2', 'tick 3']);
    } finally {
      bot.child.kill();
    }
  }, 30_000);
});
