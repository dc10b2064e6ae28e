/**
 * The invoke form: one command, filled in as the client's picker fills it
 * (a subcommand, then a field per option enforcing what the client
 * enforces, autocomplete suggestions from the application), sent as the
 * selected member in the selected channel and locale, with what came of it.
 * Every check is the spec's own (command-form-model.ts): submit stays
 * blocked while the client would refuse the line.
 */
import type { PickerCommand, PickerOption } from '../../emulator/view/command-picker.js';
import type { ActivityEntry } from '../../emulator/view/activity.js';
import { ChannelType, CommandType, OptionType } from '../../wire/enums.js';
import { DEFAULT_LIMITS } from '../../wire/limits.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { getJson, postJson } from '../api.js';
import type { AppContext } from '../app-context.js';
import { h } from '../dom.js';
import { checkLine, commandPaths, mentionValue, type CommandPath } from './command-form-model.js';
import { renderOutcome, type PageOutcome } from './command-outcome.js';

const AUTOCOMPLETE_DEBOUNCE_MS = 250;
const CHANNEL_NAMES: Record<number, string> = Object.fromEntries(Object.entries(ChannelType).map(([k, v]) => [v, k.toLowerCase().replace(/_/g, ' ')]));

export interface InvokeForm {
  el: HTMLElement;
  dispose(): void;
}

type Field = { option: PickerOption; read(): string; problem(): string | undefined; input: HTMLElement; row: HTMLElement };

function limitsHint(o: PickerOption): string {
  const parts: string[] = [];
  if (o.min_value !== undefined || o.max_value !== undefined) parts.push(`${o.min_value ?? '−∞'} to ${o.max_value ?? '∞'}`);
  if (o.min_length !== undefined || o.max_length !== undefined) parts.push(`${o.min_length ?? 0}–${o.max_length ?? DEFAULT_LIMITS.string_option_length_max} characters`);
  if (o.channel_types) parts.push(o.channel_types.map((t) => CHANNEL_NAMES[t] ?? String(t)).join(', '));
  if (o.autocomplete) parts.push('suggestions from the app');
  return parts.join(' · ');
}

function select(name: string, placeholder: string, options: Array<HTMLOptionElement | HTMLOptGroupElement>): HTMLSelectElement {
  return h('select', { name, 'data-option': name }, h('option', { value: '' }, placeholder), ...options);
}

/** The input the client shows for an option's type. */
function optionInput(o: PickerOption, app: AppContext): { input: HTMLElement; read(): string; problem(): string | undefined } {
  const guild = app.guild();
  const name = o.defaultName;
  if (o.choices && !o.autocomplete) {
    const s = select(
      name,
      'Choose…',
      o.choices.map((c) => h('option', { value: c.defaultName }, c.name)),
    );
    return { input: s, read: () => s.value, problem: () => undefined };
  }
  switch (o.type) {
    case OptionType.BOOLEAN: {
      const s = select(name, 'Choose…', [h('option', { value: 'True' }, 'True'), h('option', { value: 'False' }, 'False')]);
      return { input: s, read: () => s.value, problem: () => undefined };
    }
    case OptionType.USER: {
      const s = select(
        name,
        'Pick a member…',
        (guild?.members ?? []).map((m) => h('option', { value: mentionValue.user(m.id) }, `@${m.username}`)),
      );
      return { input: s, read: () => s.value, problem: () => undefined };
    }
    case OptionType.ROLE: {
      const s = select(
        name,
        'Pick a role…',
        (guild?.roles ?? []).map((r) => h('option', { value: mentionValue.role(r.id) }, r.name.startsWith('@') ? r.name : `@${r.name}`)),
      );
      return { input: s, read: () => s.value, problem: () => undefined };
    }
    case OptionType.MENTIONABLE: {
      const s = select(name, 'Pick a member or role…', [
        h('optgroup', { label: 'Members' }, ...(guild?.members ?? []).map((m) => h('option', { value: mentionValue.user(m.id) }, `@${m.username}`))),
        h('optgroup', { label: 'Roles' }, ...(guild?.roles ?? []).map((r) => h('option', { value: mentionValue.role(r.id) }, r.name.startsWith('@') ? r.name : `@${r.name}`))),
      ]);
      return { input: s, read: () => s.value, problem: () => undefined };
    }
    case OptionType.CHANNEL: {
      // The client offers only the channel types the option takes.
      const channels = (guild?.channels ?? []).filter((c) => !o.channel_types || o.channel_types.includes(c.type));
      const s = select(
        name,
        channels.length ? 'Pick a channel…' : 'No channel of these types',
        channels.map((c) => h('option', { value: mentionValue.channel(c.id) }, `#${c.name}`)),
      );
      return { input: s, read: () => s.value, problem: () => undefined };
    }
    case OptionType.ATTACHMENT: {
      const file = h('input', { type: 'text', name, 'data-option': name, placeholder: 'file name, e.g. report.pdf' });
      const size = h('input', { type: 'number', name: `${name}.size`, min: '0', step: '1', value: '1024', 'aria-label': 'size in bytes' });
      return {
        input: h('span', { class: 'attachment' }, file, size, h('span', { class: 'muted' }, 'bytes')),
        read: () => file.value.trim(),
        problem: () => (size.validity.valid ? undefined : 'a size in whole bytes'),
      };
    }
    case OptionType.INTEGER:
    case OptionType.NUMBER: {
      if (o.autocomplete) break;
      const input = h('input', {
        type: 'number',
        name,
        'data-option': name,
        step: o.type === OptionType.INTEGER ? '1' : 'any',
        min: o.min_value !== undefined ? String(o.min_value) : undefined,
        max: o.max_value !== undefined ? String(o.max_value) : undefined,
      });
      // A number field holds '' for text that is no number: say so rather than treat it as empty.
      return { input, read: () => input.value, problem: () => (input.validity.badInput ? 'not a number' : undefined) };
    }
  }
  const input = h('input', {
    type: 'text',
    name,
    'data-option': name,
    autocomplete: 'off',
    minlength: o.min_length !== undefined ? String(o.min_length) : undefined,
    maxlength: o.max_length !== undefined ? String(o.max_length) : undefined,
  });
  return { input, read: () => input.value, problem: () => undefined };
}

function typeName(type: number): string {
  return (
    Object.entries(OptionType)
      .find(([, v]) => v === type)?.[0]
      .toLowerCase()
      .replace(/_/g, ' ') ?? String(type)
  );
}

/** Messages in the channel that a message command can act on: those the live log saw created and not deleted. */
async function channelMessageIds(channelId: string): Promise<string[]> {
  const { entries } = await getJson<{ entries: ActivityEntry[] }>('/view/activity');
  const alive = new Set<string>();
  for (const e of entries) {
    if (e.kind !== 'message' || e.channelId !== channelId) continue;
    if (e.action === 'delete') alive.delete(e.messageId);
    else alive.add(e.messageId);
  }
  return [...alive].reverse();
}

export function renderInvokeForm(cmd: PickerCommand, app: AppContext, applicationId: string): InvokeForm {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;
  const outcome = h('section', { class: 'outcome', 'aria-live': 'polite', 'aria-label': 'Outcome' });
  const problem = h('p', { class: 'problem error', role: 'status' });
  const preview = h('pre', { class: 'line-preview', 'aria-label': 'Command line' });
  const send = h('button', { type: 'submit', class: 'send' }, 'Send');
  const fieldsBox = h('div', { class: 'fields' });
  const base = { guildId: app.selection.guildId, channelId: app.selection.channelId, userId: app.selection.memberId, locale: app.selection.locale, applicationId, forPage: true };
  const member = app.guild()?.members.find((m) => m.id === app.selection.memberId);
  const where = app.channel() ? `#${app.channel()!.name}` : 'a DM with the app';
  const isSlash = cmd.type === CommandType.CHAT_INPUT || cmd.type === CommandType.PRIMARY_ENTRY_POINT;
  const form = h(
    'form',
    { class: 'invoke-form', 'data-command-id': cmd.id, novalidate: '' },
    h(
      'h3',
      {},
      isSlash ? h('span', { class: 'slash' }, '/') : undefined,
      h('span', { class: 'command-name' }, cmd.name),
      cmd.scope === 'guild' ? h('span', { class: 'scope guild' }, 'server') : h('span', { class: 'scope global' }, 'global'),
    ),
    cmd.description ? h('p', { class: 'muted description' }, cmd.description) : undefined,
    h('p', { class: 'acting muted' }, `As @${member?.username ?? app.selection.memberId} in ${where}, locale ${app.selection.locale}`),
    cmd.access.allowed ? undefined : h('p', { class: 'refused-note' }, `Can't use: ${cmd.access.message ?? 'refused'} (${cmd.access.reason}). Sending shows the refusal.`),
  );

  let validate: () => boolean = () => true;
  let buildRequest: () => Record<string, unknown> = () => ({});

  if (isSlash) {
    const paths = commandPaths(cmd);
    let path: CommandPath = paths[0]!;
    let fields: Field[] = [];
    const values = () => new Map(fields.map((f) => [f.option.defaultName, f.read()]));

    const autocomplete = (f: Field, list: HTMLElement) => {
      let seq = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ask = async () => {
        const mine = ++seq;
        const typed = f.read();
        // Which value the list answers, for whoever waits on it (a user sees it settle; tests wait for it).
        list.dataset.value = typed;
        list.dataset.state = 'loading';
        const check = checkLine(cmd, path, values(), app.guild(), app.selection.locale, f.option.defaultName);
        if (!check.ok) {
          list.replaceChildren(h('li', { class: 'muted' }, check.message));
          list.dataset.state = 'ready';
          return;
        }
        list.replaceChildren(h('li', { class: 'muted' }, 'Loading suggestions…'));
        try {
          const out = await postJson<PageOutcome>('/interactions', { ...base, line: check.line, autocomplete: true });
          if (mine !== seq || disposed) return;
          if (out.outcome === 'answered' && out.choices) {
            const choices = out.choices;
            list.replaceChildren(
              ...(choices.length === 0
                ? [h('li', { class: 'muted' }, 'No suggestions')]
                : choices.map((c) => {
                    const b = h('button', { type: 'button', class: 'suggestion', 'data-value': String(c.value) }, c.name);
                    b.addEventListener('click', () => {
                      (f.input as HTMLInputElement).value = String(c.value);
                      list.replaceChildren();
                      delete list.dataset.state;
                      validate();
                    });
                    return h('li', {}, b);
                  })),
            );
          } else
            list.replaceChildren(
              h('li', { class: 'muted' }, out.outcome === 'refused' ? out.refusal.message : out.outcome === 'invalid' ? out.message : 'The application gave no suggestions'),
            );
          list.dataset.state = 'ready';
        } catch (err) {
          if (mine !== seq || disposed) return;
          list.replaceChildren(h('li', { class: 'error' }, err instanceof Error ? err.message : String(err)));
          list.dataset.state = 'ready';
        }
      };
      const schedule = () => {
        if (timer) {
          clearTimeout(timer);
          timers.delete(timer);
        }
        timer = setTimeout(() => {
          timers.delete(timer!);
          void ask();
        }, AUTOCOMPLETE_DEBOUNCE_MS);
        timers.add(timer);
      };
      f.input.addEventListener('input', schedule);
      f.input.addEventListener('focus', schedule);
    };

    const drawFields = () => {
      fields = path.options.map((o) => {
        const { input, read, problem: inputProblem } = optionInput(o, app);
        const suggestions = o.autocomplete ? h('ul', { class: 'suggestions', 'data-suggestions-for': o.defaultName }) : undefined;
        const row = h(
          'label',
          { class: 'field', 'data-field': o.defaultName },
          h(
            'span',
            { class: 'field-name' },
            o.name,
            o.required ? h('span', { class: 'required', title: 'required' }, '*') : undefined,
            h('span', { class: 'chip' }, typeName(o.type)),
          ),
          input,
          h('span', { class: 'hint muted' }, [o.description, limitsHint(o)].filter(Boolean).join(' · ')),
          suggestions,
        );
        const field: Field = { option: o, read, problem: inputProblem, input: input.matches('span') ? input.querySelector('input')! : input, row };
        if (suggestions) autocomplete(field, suggestions);
        return field;
      });
      fieldsBox.replaceChildren(...fields.map((f) => f.row));
    };

    if (paths.length > 1 || path.words.length > 1) {
      const pick = h('select', { id: 'invoke-path', name: 'path' }, ...paths.map((p, i) => h('option', { value: String(i) }, p.label)));
      pick.addEventListener('change', () => {
        path = paths[Number(pick.value)]!;
        drawFields();
        validate();
      });
      form.append(h('label', { class: 'field' }, h('span', { class: 'field-name' }, 'Subcommand', h('span', { class: 'required' }, '*')), pick));
    }
    drawFields();

    validate = () => {
      for (const f of fields) f.row.classList.remove('invalid');
      const local = fields.map((f) => ({ f, p: f.problem() })).find((x) => x.p);
      const check = checkLine(cmd, path, values(), app.guild(), app.selection.locale);
      preview.textContent = check.line || formatFallback(path);
      const message = local ? `${local.f.option.name}: ${local.p}` : check.ok ? '' : check.message;
      problem.textContent = message;
      const bad = local?.f ?? fields.find((f) => !check.ok && check.optionName === f.option.defaultName);
      bad?.row.classList.add('invalid');
      // Required fields still empty are marked as the client marks them.
      for (const f of fields) f.row.classList.toggle('missing', f.option.required && f.read() === '');
      const ok = !local && check.ok;
      send.disabled = !ok;
      return ok;
    };
    buildRequest = () => {
      const v = values();
      const files: Record<string, { size: number }> = {};
      for (const f of fields) {
        if (f.option.type !== OptionType.ATTACHMENT || !v.get(f.option.defaultName)) continue;
        const size = f.row.querySelector<HTMLInputElement>('input[type=number]');
        files[v.get(f.option.defaultName)!] = { size: Number(size?.value || 0) };
      }
      const check = checkLine(cmd, path, v, app.guild(), app.selection.locale);
      return { ...base, line: check.line, ...(Object.keys(files).length ? { files } : {}) };
    };
  } else {
    // A context-menu command acts on a member or a message.
    const isUser = cmd.type === CommandType.USER;
    let target: HTMLInputElement | HTMLSelectElement;
    if (isUser)
      target = select(
        'target',
        'Pick the member…',
        (app.guild()?.members ?? []).map((m) => h('option', { value: m.id }, `@${m.username}`)),
      );
    else {
      const list = h('datalist', { id: `messages-${cmd.id}` });
      target = h('input', { type: 'text', name: 'target', 'data-option': 'target', placeholder: 'message id', list: list.id, inputmode: 'numeric' });
      fieldsBox.append(list);
      void channelMessageIds(app.selection.channelId)
        .then((ids) => list.replaceChildren(...ids.map((id) => h('option', { value: id }))))
        .catch(() => undefined);
    }
    fieldsBox.append(
      h('label', { class: 'field', 'data-field': 'target' }, h('span', { class: 'field-name' }, isUser ? 'Member' : 'Message', h('span', { class: 'required' }, '*')), target),
    );
    validate = () => {
      const v = target.value.trim();
      const msg = v === '' ? `pick the ${isUser ? 'member' : 'message'} to act on` : isSnowflake(v) ? '' : 'a message id is a snowflake (a number of up to 20 digits)';
      problem.textContent = msg;
      preview.textContent = `${isUser ? 'User' : 'Message'} command “${cmd.name}” on ${v || '…'}`;
      send.disabled = msg !== '';
      return msg === '';
    };
    buildRequest = () => ({ ...base, [isUser ? 'userCommand' : 'messageCommand']: cmd.defaultName, target: target.value.trim() });
  }

  form.append(fieldsBox, preview, problem, h('div', { class: 'actions' }, send), outcome);
  form.addEventListener('input', () => validate());
  form.addEventListener('change', () => validate());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!validate()) return;
    send.disabled = true;
    outcome.dataset.state = 'sending';
    outcome.replaceChildren(h('div', { class: 'muted' }, 'Sending…'));
    postJson<PageOutcome>('/interactions', buildRequest())
      .then((out) => {
        if (disposed) return;
        outcome.replaceChildren(renderOutcome(out));
        outcome.dataset.state = out.outcome;
      })
      .catch((err: unknown) => {
        if (disposed) return;
        outcome.replaceChildren(h('div', { class: 'error' }, err instanceof Error ? err.message : String(err)));
        outcome.dataset.state = 'error';
      })
      .finally(() => {
        if (!disposed) validate();
      });
  });
  validate();
  return {
    el: form,
    dispose() {
      disposed = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}

function formatFallback(path: CommandPath): string {
  return `/${path.words.join(' ')}`;
}
