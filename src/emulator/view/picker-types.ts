/**
 * The shape of GET /__emulator/view/commands (command-picker.ts builds it):
 * the commands a member's picker lists, localized, with their options as a
 * tree and whether the member may use each. Types only, so the page imports
 * the same definition.
 */
import type { RefusalKind } from '../../wire/interactions/refusal.js';

export interface PickerChoice {
  /** As shown in the locale. */
  name: string;
  /** The name the command declares: what the invoke form types, unambiguous whatever the locale. */
  defaultName: string;
  value: string | number;
}

export interface PickerOption {
  type: number;
  name: string;
  defaultName: string;
  description: string;
  localized: boolean;
  required: boolean;
  choices?: PickerChoice[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete: boolean;
  channel_types?: number[];
  /** Subcommands of a group, options of a subcommand. */
  options?: PickerOption[];
}

export interface PickerAccess {
  allowed: boolean;
  /** Why it is refused (the service's own words, then the rule), or why it is allowed. */
  reason: string;
  /** What the user sees when refused. */
  message?: string;
  kind?: RefusalKind;
  /** The client lists it here: a command not offered in this place, or one the member may not use, is left out of the picker. */
  listed: boolean;
}

export interface PickerCommand {
  id: string;
  /** 1 chat input, 2 user, 3 message, 4 entry point. */
  type: number;
  scope: 'global' | 'guild';
  guildId?: string;
  name: string;
  description: string;
  defaultName: string;
  /** The name shown comes from a localization (the locale's own or its fallback). */
  localized: boolean;
  options: PickerOption[];
  nsfw: boolean;
  contexts: number[] | null;
  integrationTypes: number[];
  defaultMemberPermissions: string | null;
  access: PickerAccess;
}

export interface PickerAnswer {
  applicationId: string;
  guildId?: string;
  channelId: string;
  memberId: string;
  locale: string;
  commands: PickerCommand[];
}
