import { enumName } from '../../wire/enums.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import type { StepResult, TranscriptEntry } from '../../bot-test/model.js';

/** One transcript entry as a line: what happened, in the words of the interface (names, not numbers). */
export function transcriptLine(e: TranscriptEntry): string {
  switch (e.kind) {
    case 'step':
      return `step ${e.index + 1}: ${e.action} (${e.at.file}:${e.at.line})`;
    case 'delivery': {
      const type = enumName(InteractionType, e.interactionType) ?? `type ${e.interactionType}`;
      const what = `${type}${e.name ? ` ${e.name}` : ''}`;
      return e.delivered
        ? `  → ${what} delivered over ${e.transport}: ${e.outcome}`
        : `  ✕ ${what} not delivered: ${e.outcome}`;
    }
    case 'answer':
      return `  ← answered ${enumName(CallbackType, e.callbackType) ?? `callback ${e.callbackType}`}`;
    case 'request':
      return `  bot: ${e.method} ${e.route} → ${e.status}${e.code !== undefined ? ` (code ${e.code})` : ''}${lateNote(e)}`;
    case 'dispatch':
      return `  ⇢ dispatch ${e.name}`;
    case 'message':
      return `  message ${e.messageId} ${e.action}d in channel ${e.channelId} (${e.source})${lateNote(e)}`;
    case 'bot-output':
      return `  bot ${e.stream}: ${printable(e.line)}`;
  }
}

const lateNote = (e: { late?: true }): string => (e.late ? ' (late: while a later scenario ran)' : '');

/**
 * A bot's output line as it is safe to print: its own terminal colours and
 * cursor moves dropped (they would leak into uncoloured reports and could
 * rewrite the report on a terminal), other control characters shown as U+FFFD.
 */
/** A terminal's colour and cursor sequences. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what this pattern finds
export const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function printable(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  return line.replace(ANSI, '').replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '\ufffd');
}

export function transcriptLines(entries: TranscriptEntry[]): string[] {
  return entries.map(transcriptLine);
}

/** The step's action kind, as the transcript recorded it (results do not repeat it). */
export function stepAction(transcript: TranscriptEntry[], step: StepResult): string | undefined {
  for (const e of transcript) if (e.kind === 'step' && e.index === step.index) return e.action;
  return undefined;
}
