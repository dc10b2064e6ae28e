/**
 * One step acted on the emulator as the member would, and what it came to
 * as an `Observed`, read whenever asked (the bot may still be answering);
 * or why it could not run (an unknown member, no such button, nothing to
 * click: a fault in the test).
 */
import type { ComponentOutcome, InvokeOutcome } from '../../emulator/index.js';
import { ANSWERED_QUIET_MS } from '../../emulator/harness/settle.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import type { ComponentRefusalKind } from '../../wire/interactions/component-use.js';
import { deliveryLine } from '../../wire/interactions/delivery.js';
import type { Observed, Scenario, Step, StepAction } from '../model.js';
import { type Acted, nothing, quietAfter, type StepContext, type StepRun } from './acted.js';
import { advanceStep } from './advance.js';
import { memberStep } from './member-steps.js';
import { type StepMark, seen, withCaused } from './caused.js';
import { observedMessage, observedModal } from './observe.js';
import { channelOf, guildOf, messageMark, placeOf, type Place } from './place.js';
import { readWorldFacts } from './world-facts.js';
import { componentOf, type Earlier, messageOf, where } from './target.js';

type Obj = Record<string, unknown>;

export type { Acted, StepContext, StepRun } from './acted.js';

/** What the client refuses because the test named something that is not there: the test's fault, not the bot's. */
const TEST_FAULTS: readonly ComponentRefusalKind[] = [
  'unknown-message',
  'unknown-component',
  'ambiguous-component',
  'unknown-value',
  'no-modal',
];

/** A step that changed the world and reached no bot: nothing to wait for. */
const worldOnly: Acted = { read: nothing, final: true, settle: async () => undefined };

/**
 * `earlier`: the scenario's earlier steps by their `id:` (what a reference
 * names). Each reading is completed with what the step caused (caused.ts):
 * every message the bot posted since it began, the message it acted on.
 */
export async function runStep(
  ctx: StepContext,
  scenario: Scenario,
  step: Step,
  earlier: Earlier = new Map(),
): Promise<StepRun> {
  const place = placeOf(ctx.emulator, scenario, step);
  if ('problem' in place) return place;
  const mark: StepMark = { before: messageMark(ctx.emulator), userId: place.userId, kind: step.action.kind };
  // Before the action: a step may delete its own channel (a ticket's /close).
  const guildId = guildOf(ctx.emulator, place);
  const acted = await act(ctx, place, step, earlier, mark);
  if ('problem' in acted || acted === worldOnly) return acted;
  const read = acted.read;
  const withWorld = (o: Observed): Observed => {
    const world = readWorldFacts(ctx.emulator, guildId, step.expect?.world);
    return world ? { ...o, world } : o;
  };
  return { ...acted, read: () => withWorld(withCaused(ctx.emulator, ctx.applicationId, mark, read())) };
}

async function act(ctx: StepContext, place: Place, step: Step, earlier: Earlier, mark: StepMark): Promise<StepRun> {
  const action = step.action;
  switch (action.kind) {
    case 'invoke':
    case 'autocomplete':
    case 'user-command':
      return afterInteraction(
        ctx,
        await ctx.harness.track(ctx.emulator.invoke({ ...invokeRequest(action), ...place, waitSeconds: 0 })),
      );
    case 'message-command': {
      const target = messageOf(where(ctx, place), action.target, earlier, `use ${action.name} on`);
      if (typeof target !== 'string') return target;
      mark.actedId = target;
      const request = { messageCommand: action.name, target, ...place, waitSeconds: 0 };
      return afterInteraction(ctx, await ctx.harness.track(ctx.emulator.invoke(request)));
    }
    case 'click':
    case 'select':
      return component(ctx, place, action, earlier, mark);
    case 'submit-modal':
      if (place.userId === undefined) return { problem: 'submit-modal needs a member: give as:' };
      return afterInteraction(
        ctx,
        await ctx.harness.track(
          ctx.emulator.submitModal({
            userId: place.userId,
            applicationId: ctx.applicationId,
            fields: action.fields,
            waitSeconds: 0,
          }),
        ),
      );
    case 'say':
      return say(ctx, place, action.text, mark, step.expect !== undefined);
    case 'react':
    case 'unreact':
    case 'edit':
    case 'delete':
    case 'join':
    case 'leave':
    case 'dm':
      return memberStep(ctx, place, action, earlier, mark, step.expect !== undefined);
    case 'advance':
      return advanceStep(ctx, place, action, earlier, mark, step.expect !== undefined);
    case 'fail':
      return fail(ctx, action);
    case 'restart':
      return restart(ctx);
  }
}

function invokeRequest(action: Extract<StepAction, { kind: 'invoke' | 'autocomplete' | 'user-command' }>) {
  switch (action.kind) {
    case 'invoke':
      return { line: action.line };
    case 'autocomplete':
      return { line: action.line, autocomplete: true };
    case 'user-command':
      return { userCommand: action.name, target: action.target };
  }
}

async function component(
  ctx: StepContext,
  place: Place,
  action: Extract<StepAction, { kind: 'click' | 'select' }>,
  earlier: Earlier,
  mark: StepMark,
): Promise<StepRun> {
  const messageId = messageOf(where(ctx, place), action.message, earlier, action.kind);
  if (typeof messageId !== 'string') return messageId;
  mark.actedId = messageId;
  const name = componentOf(ctx.emulator, messageId, action.kind === 'click' ? action.button : action.menu, action.kind);
  if (typeof name !== 'string') return name;
  const base = { messageId, ...(place.userId !== undefined ? { userId: place.userId } : {}), waitSeconds: 0 };
  const work =
    action.kind === 'click'
      ? ctx.emulator.click({ ...base, button: name })
      : ctx.emulator.select({ ...base, menu: name, values: action.values });
  return afterInteraction(ctx, await ctx.harness.track(work));
}

/** What the interaction came to, to be read as the member sees it whenever asked. */
function afterInteraction(ctx: StepContext, out: InvokeOutcome | ComponentOutcome): StepRun {
  if (out.outcome === 'invalid') return { problem: out.message };
  if (out.outcome === 'refused') {
    // A command's refusal says what the member sees and, apart, why (the rule that refused): `refused: BAN_MEMBERS` reads the reason.
    const refusal = out.refusal as { kind: string; message: string; reason?: string };
    if ((TEST_FAULTS as readonly string[]).includes(refusal.kind)) return { problem: refusal.message };
    const refused = refusal.reason ? `${refusal.message} (${refusal.reason})` : refusal.message;
    return {
      read: () => ({ ...nothing(), refused }),
      final: true,
      // Nothing reached the bot: only what was already under way (an earlier step's late work) is waited for.
      settle: () => ctx.harness.settled({ quietMs: ANSWERED_QUIET_MS }),
    };
  }
  if (out.outcome === 'launched') {
    const reply = observedMessage(out.message);
    return { read: () => ({ ...nothing(), reply }), final: true, settle: () => ctx.harness.settled() };
  }
  const interactionId = out.interaction.id as string;
  return {
    read: () => observeAnswers(ctx, out),
    interactionId,
    // No answer by the service's deadline: the interaction can no longer be answered.
    final: out.outcome === 'no-response',
    settle: (full) => (full ? ctx.harness.settled() : ctx.harness.settled(undefined, interactionId)),
  };
}

/** The interaction's answers as they stand, in the terms expectations use. */
function observeAnswers(
  ctx: StepContext,
  out: Extract<InvokeOutcome | ComponentOutcome, { outcome: 'answered' | 'no-response' }>,
): Observed {
  const answers = ctx.harness.answers(out.interaction.id as string);
  const gone = new Set(answers?.deleted);
  const shown = (m: Obj) => ({
    ...seen(ctx.emulator, m),
    ...(gone.has(m.id as string) ? { deleted: true as const } : {}),
  });
  const observed: Observed = { ...nothing(), followups: (answers?.followups ?? []).map(shown) };
  if (out.outcome === 'no-response') return { ...observed, noAnswer: deliveryLine(out.cause) };
  const callback = answers?.callbackType ?? out.callback?.type;
  const data = (out.callback?.data ?? {}) as Obj;
  if (
    callback === CallbackType.CHANNEL_MESSAGE_WITH_SOURCE ||
    callback === CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
  ) {
    if (answers?.original) observed.reply = shown(answers.original);
  } else if (callback === CallbackType.UPDATE_MESSAGE || callback === CallbackType.DEFERRED_UPDATE_MESSAGE) {
    if (answers?.message) observed.update = seen(ctx.emulator, answers.message);
  } else if (callback === CallbackType.MODAL) observed.modal = observedModal(data);
  else if (callback === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT)
    observed.choices = (Array.isArray(data.choices) ? data.choices : []).map((c: Obj) => ({
      name: String(c.name),
      value: c.value,
    }));
  return observed;
}

/**
 * The member's message; what it caused is read by `withCaused`. That nobody
 * answered is known only once the bot has been quiet after it (`no-answer`
 * is then decided: `quiet`).
 */
async function say(ctx: StepContext, place: Place, text: string, mark: StepMark, expects: boolean): Promise<StepRun> {
  const channelId = channelOf(ctx.emulator, place);
  if (place.userId === undefined || channelId === undefined)
    return { problem: 'say needs a member and a channel: give as: and in:' };
  // The runner's action begins here, as an invocation's does (the bot's requests are counted from it).
  const res = await ctx.harness.track(
    Promise.resolve(ctx.emulator.say({ channelId, userId: place.userId, content: text })),
  );
  const body = (res.body ?? {}) as Obj;
  if (res.status !== 200) {
    const refused = String(body.message ?? `HTTP ${res.status}`);
    return { read: () => ({ ...nothing(), refused }), final: true, settle: () => ctx.harness.settled() };
  }
  mark.actedId = String(body.id);
  return quietAfter(ctx, mark, expects);
}

/** The bot started again mid-scenario, the world as it is: what it kept (a persistent view) is tested next. */
async function restart(ctx: StepContext): Promise<StepRun> {
  if (!ctx.restartBot) return { problem: 'restart: this runner cannot restart the bot' };
  const notReady = await ctx.restartBot();
  if (notReady === undefined) return worldOnly;
  return {
    problem:
      'exited' in notReady ? `the bot exited as it started again (code ${notReady.exited.code})` : notReady.timedOut,
  };
}

/** Adds the step's fault; its route was parsed when the file was read (file/values.ts). */
export function fail(ctx: StepContext, action: Extract<StepAction, { kind: 'fail' }>): StepRun {
  try {
    ctx.emulator.faults.add({
      kind: 'error',
      method: action.route.method,
      path: action.route.path,
      status: action.status,
      times: action.times,
    });
  } catch (err) {
    return { problem: `fail: ${(err as Error).message}` };
  }
  return worldOnly;
}
