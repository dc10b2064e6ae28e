/**
 * Bot tests from code (vitest, jest): start a bot against a world in the
 * embedded emulator, act as a member in a channel, and get what the member
 * saw — `reply`, `update`, `followups`, `modal`, `choices`, `refused`,
 * `noAnswer`, `message` — with the transcript of the step, as plain data
 * that `expect(...).toMatchObject` reads. Each action settles first (the
 * bot's follow-ups and edits are in). A step that cannot run (an unknown
 * member, no such button) throws a CmdsyncError (`BOT_TEST_STEP`).
 *
 *   const t = await startBotTest({ world, bot: 'node bot.js', as: 'alice', in: 'general' });
 *   expect(await t.invoke('/ping')).toMatchObject({ reply: { content: 'pong' } });
 *   await t.stop();
 */
import { clocksTogether } from '../bot-test/run/advance.js';
import { duration, faultRoute } from '../bot-test/file/values.js';
import type {
  ComponentRef,
  MessageRef,
  Observed,
  Scenario,
  Step,
  StepAction,
  TranscriptEntry,
} from '../bot-test/model.js';
import { startSession } from '../bot-test/run/session.js';
import { fail, runStep } from '../bot-test/run/steps.js';
import type { RunningEmulator } from '../emulator/index.js';
import { CmdsyncError } from '../errors.js';

export type { ComponentRef, Observed, ObservedMessage, ObservedModal, TranscriptEntry } from '../bot-test/model.js';

export interface BotTestOptions {
  /** The emulator's seed (guilds, channels, members, applications), or… */
  world?: Record<string, unknown>;
  /** …the path of a seed file. Neither: the emulator's default world. */
  seedFile?: string;
  /** The shell command that starts the bot, run in `cwd`. */
  bot: string;
  /** Default: the current directory. */
  cwd?: string;
  /** HTTP bots: their endpoint, `${PORT}` standing for the port chosen (the bot gets it as PORT). */
  interactions?: string;
  /** The manifest applied before the bot starts; found from `cwd` when absent; `false`: none (the world's own commands). */
  manifest?: string | false;
  /** The bot's environment before the emulator's variables (default: this process's). */
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** `real`: the bot's timers stay on the real clock and `advance` moves only the emulator's. */
  clock?: 'real';
  /** The member who acts and the channel, unless an action names others. */
  as?: string;
  in?: string;
}

export interface ActOptions {
  as?: string;
  in?: string;
}

export interface BotTestResult extends Observed {
  /** What happened during the action, in order (never a token). */
  transcript: TranscriptEntry[];
}

export interface BotTest {
  /** The running emulator (its world, events and faults). */
  emulator: RunningEmulator;
  invoke(line: string, options?: ActOptions): Promise<BotTestResult>;
  autocomplete(line: string, options?: ActOptions): Promise<BotTestResult>;
  userCommand(name: string, target: string, options?: ActOptions): Promise<BotTestResult>;
  messageCommand(name: string, target: string, options?: ActOptions): Promise<BotTestResult>;
  /** On `message` (an id), else the bot's latest message in the channel; the button by label or custom_id, or by position (`{ row, column }`, `{ index }`, 0-based). */
  click(button: ComponentRef, options?: ActOptions & { message?: string }): Promise<BotTestResult>;
  select(menu: ComponentRef, values: string[], options?: ActOptions & { message?: string }): Promise<BotTestResult>;
  submitModal(fields: Record<string, string>, options?: ActOptions): Promise<BotTestResult>;
  say(text: string, options?: ActOptions): Promise<BotTestResult>;
  /**
   * Moves time forward: ms, or `16m`, `30s`, `1h`. The emulator's clock and the bot's timers move together
   * (a collector's timeout, a cooldown, a tasks.loop), unless `clock: 'real'`; resolves, like any step, once
   * the bot has settled, with what it posted meanwhile (`messages`).
   */
  advance(by: number | string): Promise<BotTestResult>;
  /** The next `times` requests matching `route` (`POST /channels/*\/messages`) answer `status`. */
  fail(route: string, status?: number, times?: number): void;
  /** Back to the world as it was when the bot got ready (the bot stays connected). */
  reset(): void;
  /** Stops the bot's process group and the emulator. */
  stop(): Promise<void>;
}

const AT = { file: '<api>', line: 0, column: 0 };

export async function startBotTest(options: BotTestOptions): Promise<BotTest> {
  const session = await startSession({
    world: options.seedFile !== undefined ? { seedFile: options.seedFile } : { seed: options.world ?? {} },
    run: options.bot,
    cwd: options.cwd ?? process.cwd(),
    interactions: options.interactions,
    manifest: options.manifest,
    env: options.env,
    readyTimeoutMs: options.readyTimeoutMs,
    ...(options.clock === 'real' && { clock: 'real' as const }),
  });
  const { ctx } = session;
  const scenario: Scenario = { name: 'api', restart: false, steps: [], at: AT, ...actor(options) };
  ctx.transcript.take();
  const act = async (action: StepAction, o: ActOptions = {}): Promise<BotTestResult> => {
    const step: Step = { action, at: AT, ...actor(o) };
    const run = await runStep(ctx, scenario, step);
    if ('problem' in run) {
      ctx.transcript.take();
      throw new CmdsyncError('BOT_TEST_STEP', run.problem);
    }
    // No expectation to tell a finished answer from one still coming: read after the full quiet period.
    await run.settle(true);
    return { ...run.read(), transcript: ctx.transcript.take() };
  };
  return {
    emulator: ctx.emulator,
    invoke: (line, o) => act({ kind: 'invoke', line }, o),
    autocomplete: (line, o) => act({ kind: 'autocomplete', line }, o),
    userCommand: (name, target, o) => act({ kind: 'user-command', name, target }, o),
    messageCommand: (name, target, o) => act({ kind: 'message-command', name, target: byId(target) }, o),
    click: (button, o = {}) => act({ kind: 'click', button, message: byIdOf(o.message) }, o),
    select: (menu, values, o = {}) => act({ kind: 'select', menu, values, message: byIdOf(o.message) }, o),
    submitModal: (fields, o) => act({ kind: 'submit-modal', fields }, o),
    say: (text, o) => act({ kind: 'say', text }, o),
    advance(by) {
      const ms = typeof by === 'number' ? by : duration(by);
      if (typeof ms !== 'number') return Promise.reject(new CmdsyncError('BOT_TEST_STEP', ms.problem));
      return act({ kind: 'advance', ms });
    },
    fail(written, status = 500, times = 1) {
      const route = faultRoute(written);
      if ('problem' in route) throw new CmdsyncError('BOT_TEST_STEP', route.problem);
      const run = fail(ctx, { kind: 'fail', route, status, times });
      if ('problem' in run) throw new CmdsyncError('BOT_TEST_STEP', run.problem);
    },
    reset() {
      ctx.harness.restore();
      clocksTogether(ctx.harness, ctx.clock);
      ctx.transcript.take();
    },
    stop: () => session.stop(),
  };
}

const byId = (id: string): MessageRef => ({ kind: 'id', id, at: AT });
const byIdOf = (id: string | undefined): MessageRef | undefined => (id === undefined ? undefined : byId(id));

function actor(o: ActOptions): ActOptions {
  return { as: o.as, in: o.in };
}
