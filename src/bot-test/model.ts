/**
 * `cmdsync test`: the values a bot test file becomes, and what running it
 * comes to. The file reader (bot-test/file/) makes a `TestFile`; the runner
 * (bot-test/run/) acts each step on the emulator and records what it saw as
 * an `Observed`; the matchers (bot-test/match/) compare it with the step's
 * `Expectation`; the reports (report/bot-test/) render the `RunResult`.
 * Pure data: no function, no emulator type, so each side can be tested alone.
 */

import type { WorldExpectation } from './world-facts.js';
import type { SourceAt, TextMatcher } from './written.js';
import type { Observed } from './observed.js';

export type { Observed, ObservedMessage, ObservedModal } from './observed.js';
export type { SourceAt, TextMatcher } from './written.js';
export type { WorldExpectation, WorldFact, WorldValue, WorldWant } from './world-facts.js';

/** How the bot under test is started and reached. */
export interface BotSpec {
  /** Shell command, run in `cwd` (`--bot` overrides the file's `run:`). */
  run: string;
  /** The file's directory. */
  cwd: string;
  /** HTTP-interactions bots: the endpoint URL, `${PORT}` replaced by the port the runner chose. Absent: a gateway bot. */
  interactions?: string;
  /** A line of the bot's output that says it is ready (`/Logged in as/`): the first scenario waits for it as well as for the session. */
  ready?: TextMatcher;
  /** An error the bot logs and carries on from (a traceback, a printed stack) during a step: `fail` (the default) fails that step, `ignore` does not. */
  errors?: BotErrorPolicy;
  /** `real`: the bot's timers are left on the real clock (a runtime the shims do not reach); `advance` moves only the emulator's. */
  clock?: 'real';
  at: SourceAt;
}

export type BotErrorPolicy = 'fail' | 'ignore';

/** What an `advance` moved: the bot's clock with the emulator's, or the emulator's alone. */
export type ClockReach = 'bot' | 'emulator';

/** The emulator's seed as written (an object) or the path of a seed file, resolved against the test file's directory. */
export type WorldSpec = { seed: Record<string, unknown> } | { seedFile: string };

/** Partial: only the fields written are checked. */
export interface MessageMatcher {
  content?: TextMatcher;
  /** Each embed a partial object: every field written must be equal (strings may be TextMatchers' source text). */
  embeds?: Record<string, unknown>[];
  /** Buttons and selects in order, each matched by its label, else its custom_id, else a select's placeholder. */
  components?: TextMatcher[];
  ephemeral?: boolean;
  /** `true`: the bot deleted it (`delete_after`); `false`: it is still in the channel. */
  deleted?: boolean;
  /** How long this expectation may take to hold, in ms (`within:`), instead of the step's. */
  withinMs?: number;
  /** Its reactions' emoji in the order first added, each a text matcher (`👍`, `party:123`); others may be between. */
  reactions?: TextMatcher[];
  /** Where it is (`in:`), as a place label: `#general`, or `dm bob` for the bot's DM with bob. */
  in?: string;
  at: SourceAt;
}

export interface ModalMatcher {
  title?: TextMatcher;
  /** Each text input in order, by label, else custom_id. */
  fields?: TextMatcher[];
  /** How long this expectation may take to hold, in ms (`within:`), instead of the step's. */
  withinMs?: number;
  at: SourceAt;
}

/** What a step expects; partial: only the keys written are checked. */
export interface Expectation {
  /** The answer to the interaction (callback 4, or the deferred answer's edit). */
  reply?: MessageMatcher;
  /** The message the component was on, as updated (callback 7, or the deferred update's edit). */
  update?: MessageMatcher;
  /** Follow-up messages, in order; exactly as many as written. */
  followups?: MessageMatcher[];
  /** The modal opened (callback 9). */
  modal?: ModalMatcher;
  /** Autocomplete choices in order, by name; exactly as many as written. */
  choices?: TextMatcher[];
  /** The service refused (nothing reached the bot): `true`, or a text the refusal must contain. */
  refused?: true | string;
  /** The bot did not answer within the deadline. */
  noAnswer?: true;
  /** The first message the bot posted because of the step (any step): `messages[0]`. */
  message?: MessageMatcher;
  /** Every message the bot posted because of the step, in order, in any channel; exactly as many as written. */
  messages?: MessageMatcher[];
  /** The reactions on the message the step acted on (`say`'s own message, a click's or select's message, a message command's target). */
  reactions?: TextMatcher[];
  /** Facts about the guild after the step (world-facts.ts): bans, roles, channels, threads, pins. */
  world?: WorldExpectation[];
  at: SourceAt;
}

/** Names a member (`alice`, `@alice` or an id), a channel (`general`, `#general` or an id). */
export interface Actor {
  as?: string;
  in?: string;
}

export type FaultMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The bot's requests a `fail` step matches, parsed once when the file is read. */
export interface FaultRoute {
  method: FaultMethod;
  /** Below the REST base (no `/api/v10`), `*` matching any text. */
  path: string;
}

/** What an earlier step's reference reads of what it observed: `ask.reply`, `ask.followups[0]`, `hello.said`. */
export type StepPart = 'reply' | 'update' | 'message' | 'said' | 'messages' | 'followups';

/**
 * The message a step acts on (a click's or select's `message:`, a message
 * command's `target:`): an id; the bot's latest message in the channel; a
 * message of an earlier step of the scenario (its `id:`), `index` for the
 * lists; or the latest message in the channel whose content matches.
 */
export type MessageRef =
  | { kind: 'id'; id: string; at: SourceAt }
  | { kind: 'latest'; at: SourceAt }
  | { kind: 'step'; step: string; part: StepPart; index?: number; at: SourceAt }
  | { kind: 'content'; content: TextMatcher; at: SourceAt };

/** A button or select: by label (placeholder) or custom_id, or by position (0-based, as discord.py's `row=` counts): action row and column, or its index among the message's buttons (selects). */
export type ComponentRef = string | { row: number; column: number } | { index: number };

export type StepAction =
  | { kind: 'invoke'; line: string }
  | { kind: 'autocomplete'; line: string }
  | { kind: 'user-command'; name: string; target: string }
  | { kind: 'message-command'; name: string; target: MessageRef }
  /** On `message`, else the bot's latest message in the channel. */
  | { kind: 'click'; button: ComponentRef; message?: MessageRef }
  | { kind: 'select'; menu: ComponentRef; values: string[]; message?: MessageRef }
  | { kind: 'submit-modal'; fields: Record<string, string> }
  | { kind: 'say'; text: string }
  /** The member (`as:`) writes to the bot in their DM with it, opened on first use. */
  | { kind: 'dm'; text: string }
  /**
   * What else a member does (file/member-step.ts): react on `message` (a reference), else the bot's latest
   * message in the channel; take a reaction back from `message`, else the latest message that has it; edit or
   * delete `message`, else their own latest message there.
   */
  | { kind: 'react' | 'unreact'; emoji: string; message?: MessageRef }
  | { kind: 'edit'; text: string; message?: MessageRef }
  | { kind: 'delete'; message?: MessageRef }
  /** Someone joins the step's guild under this name; a member (a name or id) leaves it. */
  | { kind: 'join'; username: string }
  | { kind: 'leave'; member: string }
  /** Moves the emulator's clock and the bot's timers, in ms. `message:` names a message to watch while time passes: `update:` reads it as it then is. */
  | { kind: 'advance'; ms: number; message?: MessageRef }
  /** The next `times` requests matching `route` (written `METHOD /path/with/*`) answer `status`. */
  | { kind: 'fail'; route: FaultRoute; status: number; times: number }
  /** The bot's process is stopped and started again here; the world stays (what a persistent view must survive). */
  | { kind: 'restart' };

export type StepKind = StepAction['kind'];

export interface Step extends Actor {
  /** Names the step for later steps' references (`message: ask.reply`); unique in its scenario. */
  id?: string;
  action: StepAction;
  expect?: Expectation;
  /** How long the step's expectations may take to hold, in ms (`within:`); absent: DEFAULT_WITHIN_MS. */
  withinMs?: number;
  at: SourceAt;
}

/**
 * How long an expectation that does not hold yet is read again as the world
 * changes before the step fails (as Playwright's `expect` waits): long enough
 * for a bot that edits its answer a couple of seconds later, or a slow CI
 * machine. A passing step ends as soon as it holds, so only failing steps
 * wait it out.
 */
export const DEFAULT_WITHIN_MS = 5_000;
/** The longest `within:` a file may write: a longer wait is a bot that should defer, or a test that should `advance` the clock. */
export const MAX_WITHIN_MS = 60_000;

export interface Scenario extends Actor {
  name: string;
  /** Restart the bot before this scenario. */
  restart: boolean;
  steps: Step[];
  at: SourceAt;
}

export interface TestFile {
  path: string;
  bot?: BotSpec;
  world: WorldSpec;
  /** The manifest whose commands and permission rows are applied before the bot starts; absent: found from the file's directory as `plan` finds it. */
  manifest?: string;
  scenarios: Scenario[];
}

/** A test file that cannot be read or is not a valid test: each problem located. */
export interface TestFileProblem {
  message: string;
  at: SourceAt;
}

/** One difference between what was written and what happened. */
export interface Mismatch {
  /** `reply.content`, `followups[1].embeds[0].title`, `choices`. */
  path: string;
  expected: string;
  actual: string;
  at: SourceAt;
}

/** In order, what happened in a scenario: each delivery and answer, each REST request the bot made, each dispatch. Never a token. */
export type TranscriptEntry =
  | { kind: 'step'; index: number; action: StepKind; at: SourceAt }
  /** `delivered`: false when the service refused before an interaction existed (nothing reached the bot). */
  | {
      kind: 'delivery';
      transport: 'http' | 'gateway';
      delivered: boolean;
      interactionType: number;
      name?: string;
      outcome: string;
    }
  | { kind: 'answer'; callbackType: number }
  /** `late`: made with the token of this scenario's interaction while a later scenario ran (a collector's edit after its timeout). */
  | { kind: 'request'; method: string; route: string; status: number; code?: number; late?: true }
  | { kind: 'dispatch'; name: string }
  | {
      kind: 'message';
      action: 'create' | 'update' | 'delete';
      channelId: string;
      messageId: string;
      source: string;
      late?: true;
    }
  /** The bot's own output (stdout/stderr lines), kept for a failing scenario. */
  | { kind: 'bot-output'; stream: 'stdout' | 'stderr'; line: string };

/** Where the bot's own code raised an error, as its output says (the file relative to the bot's directory when under it). */
export interface BotErrorAt {
  file: string;
  line: number;
  column?: number;
}

/** The first error in the bot's output: where it was raised, and its first lines (bounded, redacted). */
export interface BotError {
  at?: BotErrorAt;
  /** The error's own line: `SyntaxError: missing ) after argument list`, `KeyError: 'owner_id'`. */
  message: string;
  lines: string[];
}

/**
 * The bot's process ended while it was under test: a crash, said before
 * any expectation it could no longer meet. `starting`: before it was ready
 * (the file could not run); `before`: it was gone when step `step` (0-based)
 * was to run; `during`: it exited while that step ran.
 */
export interface BotExit {
  code: number | null;
  when: 'starting' | 'before' | 'during';
  step: number;
  /** Where that step is written (`starting`: the file's `bot:`, or the restarting scenario). */
  at: SourceAt;
  /** That step's action (`before`, `during`). */
  action?: StepKind;
  /** The first error in its output since the step before began; absent when it printed none. */
  error?: BotError;
  /** Its last lines of output, when no error was found in them (bounded, redacted). */
  lastLines: string[];
}

/**
 * A step's result. `error` is a fault in the *test* (an unknown member, no
 * such button, a bad route pattern): the bot was not at fault, and the
 * report says so.
 */
export type StepResult =
  | { status: 'passed'; index: number; at: SourceAt; observed: Observed; durationMs: number }
  /** `withinMs`: how long the expectations were read again before the step failed (0: its outcome was final, or the bot was gone). */
  | {
      status: 'failed';
      index: number;
      at: SourceAt;
      observed: Observed;
      mismatches: Mismatch[];
      durationMs: number;
      /** The bot logged an error during the step and carried on (`bot.errors: fail`): the step fails with it, whatever it observed. */
      botError?: BotError;
      withinMs?: number;
    }
  | { status: 'error'; index: number; at: SourceAt; problem: string };

export type Outcome = 'passed' | 'failed' | 'error';

export interface ScenarioResult {
  name: string;
  at: SourceAt;
  status: Outcome;
  /** The steps run, in order; a scenario stops at its first failing or erroring step. */
  steps: StepResult[];
  transcript: TranscriptEntry[];
  durationMs: number;
  /** The bot exited while the scenario ran: the scenario failed because of it, whatever its steps observed. */
  botExit?: BotExit;
}

/** A request the bot sent to its commands' routes itself (`tree.sync()`, `application.commands.set()`), as the emulator noted it. */
export interface CommandWrite {
  method: string;
  /** The route's pattern (`/applications/:applicationId/commands`), never a path. */
  route: string;
  status: number;
}

/** One field of a command that the bot registered otherwise than the manifest declares it (`options[0].description`). */
export interface CommandFieldDifference {
  path: string;
  /** Absent: the manifest does not set it. */
  manifest?: unknown;
  /** Absent: the bot's command does not have it. */
  bot?: unknown;
}

/**
 * One command where the bot's commands differ from the manifest's, in the
 * plan's words, from the manifest to the bot: `added` (the bot registered
 * it, the manifest does not declare it), `removed` (declared, and the bot's
 * registering took it away), `changed` (both have it, these fields differ).
 * `address` is the plan's (`global/chat_input/ping`); `at`, where the
 * manifest declares it.
 */
export type CommandDifference =
  | { kind: 'added'; address: string }
  | { kind: 'removed'; address: string; at?: SourceAt }
  | { kind: 'changed'; address: string; at?: SourceAt; fields: CommandFieldDifference[] };

/**
 * The bot registered commands itself as it started, replacing what the
 * manifest deployed (the tests then ran against the bot's). `differences`
 * empty: it registered the manifest's commands. A difference is a warning,
 * an error with `--strict` (the run then fails).
 */
export interface CommandDrift {
  /** The manifest, as the report names it. */
  manifest: string;
  requests: CommandWrite[];
  differences: CommandDifference[];
  severity: 'warning' | 'error';
}

export interface FileResult {
  path: string;
  /** The test file as the user named it, where its problems are placed elsewhere (in the manifest). */
  display?: string;
  scenarios: ScenarioResult[];
  /** The bot registered commands of its own as it started (1.2). */
  commandDrift?: CommandDrift;
  /** What the runner's connection shims set in the bot, as each said it (run/shims.ts; 1.4). */
  shims?: string[];
  /** The file's `advance` steps moved only the emulator's clock, and why (1.5). */
  clockNotMoved?: string;
  /** The file could not run at all (unreadable, invalid, the bot did not get ready in time): every scenario counts as an error. */
  problems?: TestFileProblem[];
  /** The bot exited before it was ready: the file could not run, and every scenario counts as an error. */
  botExit?: BotExit;
}

export interface RunResult {
  files: FileResult[];
  passed: number;
  failed: number;
  /** Scenarios that could not run (errors in the test, or a file that could not run). */
  errors: number;
  /** Files whose bot registered commands that differ from the manifest's (1.2); with `--strict` these fail the run. */
  drifted: number;
  /** The run passed: no scenario failed or erred, and (with `--strict`) no bot's commands differ from the manifest's (1.2). */
  ok: boolean;
  durationMs: number;
}
