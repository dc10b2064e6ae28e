/**
 * The Commands view's picker as lit-html templates: per application, the
 * commands in their groups (slash, then user and message commands), each
 * with its scope, options as chips, and who may use it and why not.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { PickerAnswer, PickerCommand, PickerOption } from '../../emulator/view/picker-types.js';
import { CommandType, OptionType } from '../../wire/enums.js';

const GROUPS: Array<{ title: string; types: number[] }> = [
  { title: 'Slash commands', types: [CommandType.CHAT_INPUT, CommandType.PRIMARY_ENTRY_POINT] },
  { title: 'User commands (context menu)', types: [CommandType.USER] },
  { title: 'Message commands (context menu)', types: [CommandType.MESSAGE] },
];

export interface AppCommands {
  applicationId: string;
  name: string;
  answer: PickerAnswer;
}

export interface Picked {
  applicationId: string;
  commandId: string;
}

/** The options a command shows as chips in the picker: a leaf's options, or its subcommands. */
function chips(options: PickerOption[]): TemplateResult {
  return html`<div class="chips">${options.map((o) => {
    const sub = o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP;
    const inner =
      o.options && o.type === OptionType.SUB_COMMAND_GROUP ? ` (${o.options.map((x) => x.name).join(', ')})` : nothing;
    return html`<span class="chip${o.required ? ' required' : ''}${sub ? ' sub' : ''}" title=${o.description}>${o.name}${o.required ? '*' : nothing}${inner}</span>`;
  })}</div>`;
}

function badges(c: PickerCommand, locale: string): TemplateResult {
  const refused = !c.access.allowed;
  return html`<span class="scope ${c.scope}" title=${c.scope === 'guild' ? `a command of server ${c.guildId}` : 'a global command'}>${c.scope === 'guild' ? 'server' : 'global'}</span>${
    c.nsfw ? html`<span class="scope nsfw" title="age-restricted">18+</span>` : nothing
  }${c.localized ? html`<span class="scope localized" title="localized name (default: ${c.defaultName})">${locale}</span>` : nothing}${
    refused
      ? html`<span class="lock" title=${c.access.reason}>${c.access.listed ? "can't use" : 'hidden'}</span>`
      : nothing
  }`;
}

/** Why the member may not use it (listed), or why the picker hides it from them. */
function accessReason(c: PickerCommand): TemplateResult | typeof nothing {
  if (c.access.allowed) return nothing;
  return c.access.listed
    ? html`<div class="access-reason"><strong>Can't use: </strong>${c.access.message ?? ''} <span class="muted">(${c.access.reason})</span></div>`
    : html`<div class="access-reason hidden-reason"><strong>Hidden from this member: </strong>${c.access.reason}</div>`;
}

function commandItem(c: PickerCommand, locale: string, selected: boolean, onPick: () => void): TemplateResult {
  const slash = c.type === CommandType.CHAT_INPUT || c.type === CommandType.PRIMARY_ENTRY_POINT;
  const refused = !c.access.allowed;
  const key = (ev: KeyboardEvent) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onPick();
    }
  };
  return html`<li class="command${refused ? ' refused' : ''}${c.access.listed ? '' : ' unlisted'}${selected ? ' selected' : ''}" data-command-id=${c.id} data-allowed=${String(c.access.allowed)} tabindex="0" role="button" title=${refused ? `${c.access.message ?? 'Refused'} — ${c.access.reason}` : c.description} @click=${onPick} @keydown=${key}><div class="command-head">${slash ? html`<span class="slash">/</span>` : nothing}<span class="command-name" lang=${c.localized ? nothing : 'en'}>${c.name}</span>${badges(c, locale)}</div>${
    c.description ? html`<div class="command-description">${c.description}</div>` : nothing
  }${c.options.length ? chips(c.options) : nothing}${accessReason(c)}</li>`;
}

/** One application's commands in the member's picker (all of them with `showHidden`). */
export function appCommands(
  app: AppCommands,
  several: boolean,
  showHidden: boolean,
  picked: Picked | undefined,
  onPick: (p: Picked) => void,
): TemplateResult {
  const { applicationId, name, answer } = app;
  const visible = answer.commands.filter((c) => showHidden || c.access.listed);
  const groups = GROUPS.map((g) => ({ ...g, commands: visible.filter((c) => g.types.includes(c.type)) })).filter(
    (g) => g.commands.length > 0,
  );
  const item = (c: PickerCommand) =>
    commandItem(c, answer.locale, picked?.applicationId === applicationId && picked.commandId === c.id, () =>
      onPick({ applicationId, commandId: c.id }),
    );
  const body = groups.length
    ? groups.map((g) => html`<div class="command-group"><h3>${g.title}</h3><ul>${g.commands.map(item)}</ul></div>`)
    : html`<p class="muted">${answer.commands.length ? "No command in this member's picker here." : 'No commands here yet.'}</p>`;
  return html`<div class="command-app" data-application-id=${applicationId}>${several || answer.commands.length === 0 ? html`<h2>${name}</h2>` : nothing}${body}</div>`;
}

/** The picker hides what the member may not use (spec); the switch shows those too, each with why. */
export function hiddenSwitch(
  apps: readonly AppCommands[],
  showHidden: boolean,
  onToggle: (on: boolean) => void,
): TemplateResult {
  const hidden = apps.reduce((n, a) => n + a.answer.commands.filter((c) => !c.access.listed).length, 0);
  const change = (ev: Event) => onToggle((ev.target as HTMLInputElement).checked);
  return html`<label class="show-hidden" for="show-hidden"><input type="checkbox" id="show-hidden" .checked=${showHidden} @change=${change}> Show hidden commands <span class="muted hidden-count">(${hidden})</span></label>`;
}
