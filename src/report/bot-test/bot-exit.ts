import type { BotError, BotExit } from '../../bot-test/model.js';
import { printable } from './transcript.js';

/**
 * A bot that exited, as every report says it, before any expectation it
 * could no longer meet: `the bot exited (code 1) during step 2 (invoke,
 * bot.test.yaml:12)`, then its first error (where, and its first lines) or
 * its last lines of output.
 */
export function botExitHeadline(exit: BotExit): string {
  const step = `step ${exit.step + 1}`;
  if (exit.when === 'starting') return `${botExited(exit)} as it started, before ${step}`;
  const what = `${exit.action ? `${exit.action}, ` : ''}${exit.at.file}:${exit.at.line}`;
  return `${botExited(exit)} ${exit.when} ${step} (${what})`;
}

/** `the bot exited (code 1)`: the scenario's line says no more. */
export const botExited = (exit: BotExit): string => `the bot exited (code ${exit.code ?? 'unknown'})`;

/** `SyntaxError: … at bot.js:24`: the error in one line (a table cell, a title). */
export function botErrorLine(error: BotError): string {
  return `${printable(error.message)}${error.at ? ` at ${errorPlace(error)}` : ''}`;
}

const errorPlace = (error: BotError): string =>
  `${error.at!.file}:${error.at!.line}${error.at!.column !== undefined ? `:${error.at!.column}` : ''}`;

/** What the exit left: `its first error, at bot.js:24:` and its lines, else its last lines; each line printable. */
export function botExitDetail(exit: BotExit): string[] {
  if (exit.error) {
    const where = exit.error.at ? `, at ${errorPlace(exit.error)}` : '';
    return [`its first error${where}:`, ...exit.error.lines.map((l) => `  ${printable(l)}`)];
  }
  if (exit.lastLines.length === 0) return ['it printed nothing'];
  return ['its last output:', ...exit.lastLines.map((l) => `  ${printable(l)}`)];
}

/** The headline and the error in one line, for a report that has one line (a JUnit message, a table row). */
export function botExitSummary(exit: BotExit): string {
  return `${botExitHeadline(exit)}${exit.error ? `: ${botErrorLine(exit.error)}` : ''}`;
}

/** `the bot logged an error and carried on`: a step failed by an error the bot caught and printed (bot.errors: fail). */
export const LOGGED_ERROR = 'the bot logged an error and carried on';

/** The logged error: where, and its lines; the step fails with it. */
export function loggedErrorDetail(error: BotError): string[] {
  const where = error.at ? `, at ${errorPlace(error)}` : '';
  return [`${LOGGED_ERROR}${where} (bot.errors: ignore to allow it):`, ...error.lines.map((l) => `  ${printable(l)}`)];
}
