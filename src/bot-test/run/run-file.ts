/**
 * One test file: its world in the embedded emulator, the manifest applied,
 * the bot started and awaited, the world saved, each scenario run from it;
 * the bot stopped and the emulator closed at the end, whatever happened.
 */
import { dirname } from 'node:path';
import { CmdsyncError } from '../../errors.js';
import type { FileResult, ScenarioResult, SourceAt, TestFile } from '../model.js';
import { BotProcess } from './bot-process.js';
import { applyManifest, findManifest, manifestApplicationId } from './manifest.js';
import { DEFAULT_READY_TIMEOUT_MS, waitReady } from './ready.js';
import { runScenario, type ScenarioContext } from './scenario.js';
import { TranscriptRecorder } from './transcript.js';
import { botEnvironment, botIdentity, freePort, startWorld, type TestWorld } from './world.js';

export interface RunFileOptions {
  /** Overrides the file's `bot.run`. */
  bot?: string;
  env?: NodeJS.ProcessEnv;
  onScenario?: (file: string, result: ScenarioResult) => void;
  readyTimeoutMs?: number;
}

const problemAt = (file: TestFile): SourceAt => file.bot?.at ?? { file: file.path, line: 1, column: 1 };

export async function runTestFile(file: TestFile, options: RunFileOptions = {}): Promise<FileResult> {
  const command = options.bot ?? file.bot?.run;
  if (command === undefined) return { path: file.path, scenarios: [], problems: [{ message: 'no bot to test: give bot.run in the file, or --bot', at: problemAt(file) }] };
  let world: TestWorld | undefined;
  let bot: BotProcess | undefined;
  let transcript: TranscriptRecorder | undefined;
  try {
    world = await startWorld(file.world);
    const { emulator, harness } = world;
    const port = await freePort();
    const dir = dirname(file.path);
    const manifest = findManifest(dir, file.manifest);
    const base = options.env ?? process.env;
    const guess = botIdentity(emulator, undefined);
    const identity = botIdentity(emulator, manifestApplicationId(manifest, botEnvironment(emulator, guess, port, base)));
    const env = botEnvironment(emulator, identity, port, base);
    await applyManifest(manifest, emulator, identity, env);
    const http = file.bot?.interactions !== undefined;
    // Set in the world before the saved point: the endpoint is part of the application as the test declares it.
    if (http) emulator.world.applications[identity.applicationId]!.interactionsEndpointUrl = file.bot!.interactions!.replaceAll('${PORT}', String(port));
    transcript = new TranscriptRecorder(emulator, harness);
    const recorder = transcript;
    const cwd = file.bot?.cwd ?? dir;
    const timeout = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    const startBot = async (): Promise<string | undefined> => {
      bot = new BotProcess(command, cwd, env);
      bot.onOutput((stream, line) => recorder.push({ kind: 'bot-output', stream, line }));
      return waitReady(emulator, harness, bot, identity.applicationId, http, timeout);
    };
    const notReady = await startBot();
    if (notReady !== undefined) return { path: file.path, scenarios: [], problems: [{ message: notReady, at: problemAt(file) }] };
    harness.save();
    const ctx: ScenarioContext = {
      emulator,
      harness,
      applicationId: identity.applicationId,
      transcript,
      restartBot: async () => {
        await bot?.stop();
        return startBot();
      },
    };
    const scenarios: ScenarioResult[] = [];
    for (const scenario of file.scenarios) {
      const result = await runScenario(ctx, scenario);
      scenarios.push(result);
      options.onScenario?.(file.path, result);
    }
    return { path: file.path, scenarios };
  } catch (err) {
    if (err instanceof CmdsyncError) return { path: file.path, scenarios: [], problems: [{ message: err.message, at: problemAt(file) }] };
    throw err;
  } finally {
    await bot?.stop();
    transcript?.close();
    await world?.emulator.close();
  }
}
