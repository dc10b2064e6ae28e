/**
 * The transcript of a scenario: in order, each step, each delivery and
 * answer, each REST request the bot made with its status, each dispatch
 * sent and each message shown, read from the emulator's event bus (notes
 * never carry a token), plus the bot's own output lines.
 */
import type { EmulatorHarness, RunningEmulator } from '../../emulator/index.js';
import type { EmulatorNote } from '../../emulator/gateway/events.js';
import { deliveryLine } from '../../wire/interactions/delivery.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import type { TranscriptEntry } from '../model.js';

export class TranscriptRecorder {
  private entries: TranscriptEntry[] = [];
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

  close(): void {
    for (const d of this.detach) d();
  }

  private onNote(note: EmulatorNote, harness: EmulatorHarness): void {
    switch (note.kind) {
      case 'request':
        this.push({
          kind: 'request',
          method: note.method,
          route: note.route,
          status: note.status,
          ...(note.code !== undefined ? { code: note.code } : {}),
        });
        return;
      case 'message':
        this.push({
          kind: 'message',
          action: note.action,
          channelId: note.channelId,
          messageId: note.messageId,
          source: note.source,
        });
        return;
      case 'delivery': {
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
