/**
 * The Commands view: the picker as the client shows it to the selected
 * member in the selected channel and locale (per application when there are
 * several; slash commands, then user and message commands as their own
 * groups), who may use each and why not; commands the member may not see
 * are left out, as the client leaves them out, unless "show hidden" is on
 * (then each says why it is hidden); a command clicked opens the invoke
 * form, beside the channel's messages so the answer appears live.
 */
import type { PickerAnswer, PickerCommand, PickerOption } from '../../emulator/view/command-picker.js';
import { CommandType, OptionType } from '../../wire/enums.js';
import { getJson } from '../api.js';
import type { AppContext, MountView, ViewHandle } from '../app-context.js';
import { h } from '../dom.js';
import { mountChannel } from './channels.js';
import { renderInvokeForm, type InvokeForm } from './invoke-form.js';

const GROUPS: Array<{ title: string; types: number[] }> = [
  { title: 'Slash commands', types: [CommandType.CHAT_INPUT, CommandType.PRIMARY_ENTRY_POINT] },
  { title: 'User commands (context menu)', types: [CommandType.USER] },
  { title: 'Message commands (context menu)', types: [CommandType.MESSAGE] },
];

function pickerQuery(app: AppContext, applicationId: string): string {
  const s = app.selection;
  const q = new URLSearchParams({ application_id: applicationId, guild_id: s.guildId, channel_id: s.channelId, member_id: s.memberId, locale: s.locale });
  return `/view/commands?${q.toString()}`;
}

/** The options a command shows as chips in the picker: a leaf's options, or its subcommands. */
function chips(options: PickerOption[]): HTMLElement[] {
  return options.map((o) =>
    h(
      'span',
      { class: `chip${o.required ? ' required' : ''}${o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP ? ' sub' : ''}`, title: o.description },
      o.name,
      o.required ? '*' : undefined,
      o.options && o.type === OptionType.SUB_COMMAND_GROUP ? ` (${o.options.map((x) => x.name).join(', ')})` : undefined,
    ),
  );
}

function commandItem(c: PickerCommand, locale: string, selected: boolean, onPick: () => void): HTMLElement {
  const slash = c.type === CommandType.CHAT_INPUT || c.type === CommandType.PRIMARY_ENTRY_POINT;
  const refused = !c.access.allowed;
  const item = h(
    'li',
    {
      class: `command${refused ? ' refused' : ''}${c.access.listed ? '' : ' unlisted'}${selected ? ' selected' : ''}`,
      'data-command-id': c.id,
      'data-allowed': String(c.access.allowed),
      tabindex: '0',
      role: 'button',
      title: refused ? `${c.access.message ?? 'Refused'} — ${c.access.reason}` : c.description,
    },
    h(
      'div',
      { class: 'command-head' },
      slash ? h('span', { class: 'slash' }, '/') : undefined,
      h('span', { class: 'command-name', lang: c.localized ? undefined : 'en' }, c.name),
      h('span', { class: `scope ${c.scope}`, title: c.scope === 'guild' ? `a command of server ${c.guildId}` : 'a global command' }, c.scope === 'guild' ? 'server' : 'global'),
      c.nsfw ? h('span', { class: 'scope nsfw', title: 'age-restricted' }, '18+') : undefined,
      c.localized ? h('span', { class: 'scope localized', title: `localized name (default: ${c.defaultName})` }, locale) : undefined,
      refused ? h('span', { class: 'lock', title: c.access.reason }, c.access.listed ? "can't use" : 'hidden') : undefined,
    ),
    c.description ? h('div', { class: 'command-description' }, c.description) : undefined,
    c.options.length ? h('div', { class: 'chips' }, ...chips(c.options)) : undefined,
    refused
      ? c.access.listed
        ? h('div', { class: 'access-reason' }, h('strong', {}, "Can't use: "), c.access.message ?? '', ' ', h('span', { class: 'muted' }, `(${c.access.reason})`))
        : h('div', { class: 'access-reason hidden-reason' }, h('strong', {}, 'Hidden from this member: '), c.access.reason)
      : undefined,
  );
  item.addEventListener('click', onPick);
  item.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onPick();
    }
  });
  return item;
}

export const mountCommands: MountView = (el, app) => {
  const list = h('section', { class: 'command-list', 'aria-label': 'Commands', 'data-loaded': 'false' });
  const formBox = h('section', { class: 'invoke-box', 'aria-label': 'Invoke' }, h('p', { class: 'muted' }, 'Pick a command to fill in and send it.'));
  const channelBox = h('section', { class: 'command-channel', 'aria-label': 'Channel' });
  el.append(h('div', { class: 'commands-view' }, list, formBox, channelBox));

  // The picker hides what the member may not use (spec); the switch shows those too, each with why.
  let showHidden = false;
  const hiddenSwitch = h('input', { type: 'checkbox', id: 'show-hidden' });
  const hiddenCount = h('span', { class: 'muted hidden-count' });
  const switchRow = h('label', { class: 'show-hidden', for: 'show-hidden' }, hiddenSwitch, ' Show hidden commands ', hiddenCount);
  hiddenSwitch.addEventListener('change', () => {
    showHidden = hiddenSwitch.checked;
    draw();
  });
  let answers: Array<{ applicationId: string; name: string; answer: PickerAnswer }> = [];
  let picked: { applicationId: string; commandId: string } | undefined;
  let form: InvokeForm | undefined;
  let channel: { id: string; handle: ViewHandle } | undefined;
  let loadSeq = 0;
  let gone = false;

  const mountChannelBox = () => {
    const id = app.selection.channelId;
    if (channel?.id === id) return;
    channel?.handle.unmount?.();
    channelBox.replaceChildren();
    channel = id ? { id, handle: mountChannel(channelBox, app, id) } : undefined;
  };

  let formKey = '';
  const openForm = () => {
    const found = picked && answers.find((a) => a.applicationId === picked!.applicationId)?.answer.commands.find((c) => c.id === picked!.commandId);
    // The world is re-read after every change (a bot's follow-up is one): keep what the user typed and the outcome unless the command or the selection changed.
    const key = JSON.stringify([picked, found, app.selection]);
    if (form && key === formKey) return;
    formKey = key;
    form?.dispose();
    form = undefined;
    if (!found || !picked) {
      formBox.replaceChildren(h('p', { class: 'muted' }, picked ? 'That command is gone.' : 'Pick a command to fill in and send it.'));
      return;
    }
    form = renderInvokeForm(found, app, picked.applicationId);
    formBox.replaceChildren(form.el);
  };

  const draw = () => {
    const several = answers.length > 1;
    const parts: HTMLElement[] = [];
    const hidden = answers.reduce((n, a) => n + a.answer.commands.filter((c) => !c.access.listed).length, 0);
    hiddenCount.textContent = `(${hidden})`;
    for (const { applicationId, name, answer } of answers) {
      const visible = answer.commands.filter((c) => showHidden || c.access.listed);
      const groups = GROUPS.map((g) => ({ ...g, commands: visible.filter((c) => g.types.includes(c.type)) })).filter((g) => g.commands.length > 0);
      const body = groups.map((g) =>
        h(
          'div',
          { class: 'command-group' },
          h('h3', {}, g.title),
          h(
            'ul',
            {},
            ...g.commands.map((c) =>
              commandItem(c, answer.locale, picked?.applicationId === applicationId && picked.commandId === c.id, () => {
                picked = { applicationId, commandId: c.id };
                draw();
                openForm();
              }),
            ),
          ),
        ),
      );
      parts.push(
        h(
          'div',
          { class: 'command-app', 'data-application-id': applicationId },
          several || answer.commands.length === 0 ? h('h2', {}, name) : undefined,
          ...(body.length ? body : [h('p', { class: 'muted' }, answer.commands.length ? "No command in this member's picker here." : 'No commands here yet.')]),
        ),
      );
    }
    list.replaceChildren(switchRow, ...parts);
  };

  const load = async () => {
    const mine = ++loadSeq;
    list.dataset.loaded = 'false';
    try {
      const next = await Promise.all(app.world.applications.map(async (a) => ({ applicationId: a.id, name: a.name, answer: await getJson<PickerAnswer>(pickerQuery(app, a.id)) })));
      if (mine !== loadSeq || gone) return;
      answers = next;
      draw();
      openForm();
      list.dataset.locale = app.selection.locale;
      list.dataset.memberId = app.selection.memberId;
      list.dataset.loaded = 'true';
    } catch (err) {
      if (mine !== loadSeq || gone) return;
      list.replaceChildren(h('p', { class: 'error' }, `Could not load the commands: ${err instanceof Error ? err.message : String(err)}`));
      list.dataset.loaded = 'true';
    }
  };

  mountChannelBox();
  void load();

  return {
    onEntry(entry) {
      channel?.handle.onEntry?.(entry);
    },
    onSelection() {
      mountChannelBox();
      channel?.handle.onSelection?.();
      void load();
    },
    onWorld() {
      channel?.handle.onWorld?.();
      void load();
    },
    unmount() {
      gone = true;
      form?.dispose();
      channel?.handle.unmount?.();
    },
  };
};
