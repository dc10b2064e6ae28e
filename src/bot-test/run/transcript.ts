/**
 * The transcript of a scenario: in order, each step, each delivery and
 * answer, each REST request the bot made with its status, each dispatch
 * sent and each message shown, read from the emulator's event bus (notes
 * never carry a token), plus the bot's own output lines. What the bot does
 * with an earlier scenario's interaction (its token outlives the reset) is
 * that scenario's: kept apart, marked late, for its transcript.
 */
import type { EmulatorHarness, RunningEmulator } from '../../emulator/index.js';
import type { EmulatorNote } from '../../emulator/gateway/events.js';
import { deliveryLine } from '../../wire/interactions/delivery.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import type { TranscriptEntry } from '../model.js';

/** Interactions whose scenario is remembered: as many as the emulator keeps live. */
const OWNERS_KEPT = 1000;

export class TranscriptRecorder {
  private entries: TranscriptEntry[] = [];
  /** The scenario being recorded (`begin`), and the one each interaction delivered was delivered in. */
  private scenario = 0;
  private readonly owners = new Map<string, number>();
  /** Each finished scenario's transcript, where what comes late for it is added. */
  private readonly finished = new Map<number, TranscriptEntry[]>();
  /** Where a delivery's entries go: right after its step's line. The emulator notes a delivery once it is answered, after the bot's own requests; the transcript reads in the order things began. */
  private deliveriesAt = 0;
  private readonly detach: Array<() => void>;

  constructor(emulator: RunningEmulator, harness: EmulatorHarness) {
    this.detach = [
      emulator.events.observe((note) => this.onNote(note, harness)),
      emulator.events.subscribe((event) => this.push({ kind: 'dispatch', name: event.name })),
    ];
  }

  push(entry: TranscriptEntry): void {
    this.entries.push(entry);
    if (entry.kind === 'step') this.deliveriesAt = this.entries.length;
  }

  private pushDelivery(...entries: TranscriptEntry[]): void {
    this.entries.splice(this.deliveriesAt, 0, ...entries);
    this.deliveriesAt += entries.length;
  }

  /** What was recorded since the last take, and a fresh start. */
  take(): TranscriptEntry[] {
    const out = this.entries;
    this.entries = [];
    this.deliveriesAt = 0;
    return out;
  }

  /** A new scenario begins: its entries from a clean start; returns its number, for `finish`. */
  begin(): number {
    this.take();
    return ++this.scenario;
  }

  /** Scenario `n` has ended with `transcript`: what the bot does with its interactions from now on is added to it, marked late. */
  finish(n: number, transcript: TranscriptEntry[]): void {
    this.finished.set(n, transcript);
    if (this.finished.size > OWNERS_KEPT) this.finished.delete(this.finished.keys().next().value!);
  }

  /**
   * Routes an entry made for `interactionId` to the scenario it was delivered in, when that is an earlier one;
   * one `retired` (answered in the world the last reset left behind) to the scenario before this one.
   */
  private pushFor(interactionId: string | undefined, entry: TranscriptEntry & { late?: true }, retired?: true): void {
    const owner =
      interactionId !== undefined ? this.owners.get(interactionId) : retired ? this.scenario - 1 : undefined;
    if (owner === undefined || owner === this.scenario) this.push(entry);
    else this.finished.get(owner)?.push({ ...entry, late: true } as TranscriptEntry);
  }

  private own(interactionId: string): void {
    this.owners.set(interactionId, this.scenario);
    if (this.owners.size > OWNERS_KEPT) this.owners.delete(this.owners.keys().next().value!);
  }

  close(): void {
    for (const d of this.detach) d();
  }

  private onNote(note: EmulatorNote, harness: EmulatorHarness): void {
    switch (note.kind) {
      case 'request':
        this.pushFor(
          note.interactionId,
          {
            kind: 'request',
            method: note.method,
            route: note.route,
            status: note.status,
            ...(note.code !== undefined ? { code: note.code } : {}),
          },
          note.retired,
        );
        return;
      case 'message':
        this.pushFor(
          note.interaction?.id,
          {
            kind: 'message',
            action: note.action,
            channelId: note.channelId,
            messageId: note.messageId,
            source: note.source,
          },
          note.retired,
        );
        return;
      case 'delivery': {
        if (note.interactionId !== undefined) this.own(note.interactionId);
        const type = note.interactionId !== undefined ? harness.answers(note.interactionId)?.type : undefined;
        const delivery: TranscriptEntry = {
          kind: 'delivery',
          transport: note.transport,
          // A refusal is noted before any interaction exists: nothing reached the bot.
          delivered: note.interactionId !== undefined,
          interactionType: type ?? InteractionType.APPLICATION_COMMAND,
          ...(note.commandName !== undefined ? { name: note.commandName } : {}),
          outcome: deliveryLine(note.outcome),
        };
        if (note.outcome.kind === 'answered')
          this.pushDelivery(delivery, { kind: 'answer', callbackType: note.outcome.callbackType });
        else this.pushDelivery(delivery);
        return;
      }
      case 'image':
        return;
    }
  }
}
