import type { CommandDifference, CommandDrift, SourceAt } from '../../bot-test/model.js';
import { fieldChangeLine } from '../plan/describe.js';
import type { Paint } from './paint.js';

/**
 * A bot that registered commands of its own as it started, said under its
 * file: the requests, then each command that differs from the manifest's in
 * the plan's words and signs (`+` added, `-` removed, `~` changed, each
 * changed field as the plan writes it, from the manifest's value to the
 * bot's), and what to do. A warning; an error with `--strict`.
 */
export function commandDriftBlock(p: Paint, drift: CommandDrift): string {
  const requests = [...new Set(drift.requests.map((r) => `${r.method} ${r.route}`))].join(', ');
  if (drift.differences.length === 0)
    return p.dim(
      `The bot registered its own commands as it started (${requests}): the same as ${drift.manifest} declares.`,
    );
  const error = drift.severity === 'error';
  const mark = error ? p.red(p.bold('✗')) : p.yellow(p.bold('⚠'));
  const head = `${mark} ${p.bold(`The bot registered its own commands as it started (${requests}), and they differ from ${drift.manifest}:`)}`;
  const advice = error
    ? `  --strict: a bot's own commands must be the manifest's. Declare these in ${drift.manifest}, or let cmdsync apply deploy the commands instead of the bot.`
    : `  The tests ran against the bot's commands, as the service would hold them once it starts. Declare these in ${drift.manifest}, or let cmdsync apply deploy the commands instead of the bot (--strict makes this an error).`;
  return [head, ...drift.differences.flatMap((d) => differenceLines(p, d)), advice].join('\n');
}

const where = (at: SourceAt | undefined): string => (at ? ` (${at.file}:${at.line}:${at.column})` : '');

function differenceLines(p: Paint, d: CommandDifference): string[] {
  switch (d.kind) {
    case 'added':
      return [`  ${p.green('+')} ${d.address}: added by the bot, not in the manifest`];
    case 'removed':
      return [`  ${p.red('-')} ${d.address}: removed, the manifest declares it${where(d.at)}`];
    case 'changed':
      return [
        `  ${p.yellow('~')} ${d.address}: changed${where(d.at)}, the manifest's → the bot's`,
        ...d.fields.map((f) => {
          const line = fieldChangeLine({
            path: f.path,
            ...(f.manifest !== undefined ? { before: f.manifest } : {}),
            ...(f.bot !== undefined ? { after: f.bot } : {}),
          });
          return `      ${line.sign} ${line.text}`;
        }),
      ];
  }
}
