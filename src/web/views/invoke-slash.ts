/**
 * The invoke form's part for a slash command: the subcommand to take (when
 * there is a choice), a field per option of that path, the line they make
 * and whether the client would send it (command-form-model.ts), and the
 * request that sends it.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { keyed } from 'lit-html/directives/keyed.js';
import type { PickerCommand } from '../../emulator/view/picker-types.js';
import { OptionType } from '../../wire/enums.js';
import type { AppContext } from '../app-context.js';
import { checkLine, commandPaths, type CommandPath } from './command-form-model.js';
import { Suggestions } from './invoke-suggestions.js';
import { FieldRefs, fieldRow, optionInput } from './option-inputs.js';
import type { Obj } from '../../wire/rules/values.js';

/** What the form shows of its values: the line, what is wrong with it, and which field is. */
export interface Verdict {
  ok: boolean;
  preview: string;
  problem: string;
  /** The field the problem is in. */
  invalid?: string;
  /** Required fields still empty, marked as the client marks them. */
  missing: ReadonlySet<string>;
}

export class SlashFields {
  private readonly paths: CommandPath[];
  private pathIndex = 0;
  private readonly refs = new FieldRefs();
  private readonly suggestions: Suggestions;

  constructor(
    private readonly cmd: PickerCommand,
    private readonly app: AppContext,
    private readonly base: () => Obj,
    private readonly redraw: () => void,
  ) {
    this.paths = commandPaths(cmd);
    this.suggestions = new Suggestions({
      focusedLine: (option) => checkLine(cmd, this.path, this.values(), app.guild(), app.selection.locale, option),
      base,
      read: (option) => this.refs.inputs.get(option)?.value ?? '',
      fill: (option, value) => {
        const input = this.refs.inputs.get(option);
        if (input) input.value = value;
      },
      redraw,
    });
  }

  private get path(): CommandPath {
    return this.paths[this.pathIndex]!;
  }

  private values(): Map<string, string> {
    return new Map(this.path.options.map((o) => [o.defaultName, this.refs.read(o)]));
  }

  /** The subcommand picker, when the command has more than one way through it or its one way is a subcommand. */
  private pathPicker(): TemplateResult | typeof nothing {
    if (this.paths.length <= 1 && this.path.words.length <= 1) return nothing;
    const change = (ev: Event) => {
      this.pathIndex = Number((ev.target as HTMLSelectElement).value);
      this.refs.clear();
      this.suggestions.reset();
      this.redraw();
    };
    return html`<label class="field"><span class="field-name">Subcommand<span class="required">*</span></span><select id="invoke-path" name="path" @change=${change}>${this.paths.map(
      (p, i) => html`<option value=${String(i)}>${p.label}</option>`,
    )}</select></label>`;
  }

  /** The picker and the fields; the fields are drawn anew (empty) when the path changes. */
  template(v: Verdict): TemplateResult {
    const guild = this.app.guild();
    const rows = this.path.options.map((o) => {
      const ask = o.autocomplete ? () => this.suggestions.schedule(o.defaultName) : undefined;
      const suggestions = o.autocomplete ? this.suggestions.list(o.defaultName) : nothing;
      return fieldRow(o, optionInput(o, guild, this.refs, ask), suggestions, {
        invalid: v.invalid === o.defaultName,
        missing: v.missing.has(o.defaultName),
      });
    });
    return html`${this.pathPicker()}<div class="fields">${keyed(this.pathIndex, rows)}</div>`;
  }

  verdict(): Verdict {
    const options = this.path.options;
    const local = options.map((o) => ({ o, p: this.refs.problem(o) })).find((x) => x.p);
    const check = checkLine(this.cmd, this.path, this.values(), this.app.guild(), this.app.selection.locale);
    const invalid =
      local?.o.defaultName ??
      (check.ok ? undefined : options.find((o) => check.optionName === o.defaultName)?.defaultName);
    return {
      ok: !local && check.ok,
      preview: check.line || `/${this.path.words.join(' ')}`,
      problem: local ? `${local.o.name}: ${local.p}` : check.ok ? '' : check.message,
      invalid,
      missing: new Set(options.filter((o) => o.required && this.refs.read(o) === '').map((o) => o.defaultName)),
    };
  }

  request(): Obj {
    const v = this.values();
    const files: Record<string, { size: number }> = {};
    for (const o of this.path.options) {
      const name = v.get(o.defaultName);
      if (o.type !== OptionType.ATTACHMENT || !name) continue;
      files[name] = { size: Number(this.refs.sizes.get(o.defaultName)?.value || 0) };
    }
    const check = checkLine(this.cmd, this.path, v, this.app.guild(), this.app.selection.locale);
    return { ...this.base(), line: check.line, ...(Object.keys(files).length ? { files } : {}) };
  }

  dispose(): void {
    this.suggestions.dispose();
  }
}
