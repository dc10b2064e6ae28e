/**
 * A bot under test in its world, ready to be acted on: the embedded
 * emulator started from the world, the manifest applied, the bot started
 * with the emulator's variables and awaited, the world saved. Shared by the
 * file runner and the programmatic API; `stop` ends the bot's process group
 * and the emulator, whatever state they are in.
 */
import { shimLine } from './shims.js';
import { matchesText, showMatcher } from '../match/text.js';
import type { BotErrorPolicy, TextMatcher, WorldSpec } from '../model.js';
import { BotClockChannel, type BotClockState } from './bot-clock.js';
import { BotProcess } from './bot-process.js';
import { CommandWriteWatch, findDrift, type FoundDrift } from './command-drift.js';
import { applyManifest, findManifest, loadManifest, manifestEnvironment, provisionNamed } from './manifest.js';
import { BotNotReadyError, DEFAULT_READY_TIMEOUT_MS, type NotReady, waitReady } from './ready.js';
import type { ScenarioContext } from './scenario.js';
import { TranscriptRecorder } from './transcript.js';
import { botEnvironment, botIdentity, freePort, startWorld, type TestWorld } from './world.js';

export interface SessionSpec {
  world: WorldSpec;
  /** The shell command that starts the bot, run in `cwd`. */
  run: string;
  cwd: string;
  /** HTTP bots: the endpoint URL, `${PORT}` standing for the port the runner chooses. */
  interactions?: string;
  /** The manifest applied before the bot starts: a path (against `cwd`), found from `cwd` when absent, or `false` for none (the world's own commands). */
  manifest?: string | false;
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** A line of the bot's output that says it is ready, awaited as well as its session or endpoint. */
  ready?: TextMatcher;
  /** What an error the bot logs during a step does (default `fail`). */
  errors?: BotErrorPolicy;
  /** `real`: the bot's timers are not driven; `advance` moves only the emulator's clock. */
  clock?: 'real';
}

export interface BotSession {
  ctx: ScenarioContext;
  /** The bot registered commands of its own as it started: what differs from the manifest's. */
  commandDrift: FoundDrift | undefined;
  /** What the connection shims set in the bot, as each said it (shims.ts). */
  shims: string[];
  /** The bot's clock, which `advance` moves with the emulator's. */
  clock: BotClockState;
  stop(): Promise<void>;
}

export async function startSession(spec: SessionSpec): Promise<BotSession> {
  let world: TestWorld | undefined;
  let bot: BotProcess | undefined;
  let transcript: TranscriptRecorder | undefined;
  const clock: BotClockState = { real: spec.clock === 'real', reached: new Set() };
  const stop = async () => {
    await bot?.stop();
    transcript?.close();
    await clock.channel?.close();
    await world?.emulator.close();
  };
  try {
    world = await startWorld(spec.world);
    const { emulator, harness } = world;
    const port = await freePort();
    const manifest = spec.manifest === false ? undefined : findManifest(spec.cwd, spec.manifest);
    // The manifest's `.env`, as plan reads it: `${TEST_GUILD_ID}` means here what it means there.
    const base = manifest ? manifestEnvironment(manifest, spec.env ?? process.env) : (spec.env ?? process.env);
    const guess = botIdentity(emulator, undefined);
    const first = manifest ? loadManifest(manifest, botEnvironment(emulator, guess, port, base)) : undefined;
    const identity = first ? botIdentity(emulator, first.manifest.applicationId) : guess;
    if (!clock.real) clock.channel = await BotClockChannel.open();
    const env = {
      ...botEnvironment(emulator, identity, port, base),
      ...(clock.channel ? { CMDSYNC_CLOCK: clock.channel.address } : {}),
    };
    const loaded = manifest && identity.applicationId !== guess.applicationId ? loadManifest(manifest, env) : first;
    if (manifest && loaded) {
      provisionNamed(emulator, loaded, identity);
      await applyManifest(manifest, emulator, identity, env, loaded);
    }
    const watch = new CommandWriteWatch(emulator, identity.applicationId);
    const http = spec.interactions !== undefined;
    // Set in the world before the saved point: the endpoint is part of the application as the test declares it.
    if (http)
      emulator.world.applications[identity.applicationId]!.interactionsEndpointUrl = spec.interactions!.replaceAll(
        '${PORT}',
        String(port),
      );
    const recorder = new TranscriptRecorder(emulator, harness);
    transcript = recorder;
    const timeout = spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    const shims: string[] = [];
    const startBot = async (): Promise<NotReady | undefined> => {
      // A new process starts on the real clock: the emulator's goes back beside it at the next scenario.
      clock.channel?.forget();
      bot = new BotProcess(spec.run, spec.cwd, env);
      const said = readyLine(spec.ready);
      bot.onOutput((stream, line) => {
        const shim = shimLine(line);
        if (shim !== undefined && !shims.includes(shim)) shims.push(shim);
        recorder.push({ kind: 'bot-output', stream, line });
        said.see(line);
      });
      return waitReady(emulator, harness, bot, identity.applicationId, http, timeout, said);
    };
    const notReady = await startBot();
    if (notReady !== undefined) throw new BotNotReadyError(notReady);
    // What the bot does as it starts (registering commands on ready) belongs to the saved point, as it stays on the service.
    await harness.settled();
    const commandDrift =
      manifest && loaded ? await findDrift(watch, emulator, identity, { path: manifest, env, loaded }) : undefined;
    watch.stop();
    harness.save();
    const ctx: ScenarioContext = {
      emulator,
      harness,
      applicationId: identity.applicationId,
      clock,
      transcript: recorder,
      outputMark: () => bot!.outputMark(),
      botExited: (mark) => bot!.exitFacts(mark),
      loggedError: (mark) => (spec.errors === 'ignore' ? undefined : bot!.errorSince(mark)),
      botGone: async () => bot!.exitedWith !== undefined,
      botExits: () => bot!.whenExited,
      restartBot: async () => {
        await bot?.stop();
        // The old session must be seen gone first, or it would pass for the new bot's readiness.
        if (!http) await until(() => !harness.connected(identity.applicationId), timeout);
        return startBot();
      },
    };
    return { ctx, commandDrift, shims, clock, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Whether the bot has printed its ready line yet (always, when none is asked for). */
function readyLine(ready: TextMatcher | undefined): { see(line: string): void; said(): boolean; wanted?: string } {
  let said = ready === undefined;
  return {
    see: (line) => {
      if (!said && matchesText(ready!, line)) said = true;
    },
    said: () => said,
    ...(ready !== undefined ? { wanted: showMatcher(ready) } : {}),
  };
}

async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
