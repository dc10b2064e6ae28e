import { enumSpellings, type EnumTable } from '../wire/enums.js';
import { LOCALES } from '../wire/locales.js';
import { PERMISSION_BITS } from '../wire/permissions.js';
import type { Obj } from '../wire/rules/values.js';

export type JSONSchema = Obj;

export function enumOf(table: EnumTable, description: string): JSONSchema {
  return {
    description,
    anyOf: [
      { type: 'integer', enum: Object.values(table) },
      { type: 'string', enum: enumSpellings(table) },
    ],
  };
}

export function enumList(table: EnumTable, description: string): JSONSchema {
  return {
    description,
    type: ['array', 'null'],
    items: enumOf(table, 'One value, as a name or its number.'),
    uniqueItems: true,
  };
}

export const snowflake: JSONSchema = {
  description: 'A snowflake id. Quote it in YAML or write it unquoted: cmdsync keeps every digit.',
  type: ['string', 'integer'],
  pattern: '^(\\d{1,20}|\\$\\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\\})$',
};

export function localizations(what: string, max: number): JSONSchema {
  return {
    description: `${what} per locale (${LOCALES.length} locales, e.g. en-US, fr, pt-BR). Values equal to the default are ignored by the service. Null clears them.`,
    type: ['object', 'null'],
    propertyNames: { enum: [...LOCALES] },
    additionalProperties: { type: ['string', 'null'], maxLength: max },
  };
}

export const permissionNames = Object.keys(PERMISSION_BITS);

/** Who may use a command by default, as the manifest may spell it: permission names or the service's decimal bit set. */
export const defaultMemberPermissions: JSONSchema = {
  description:
    'Who may use the command by default: a list of permission names (e.g. [MANAGE_GUILD, BAN_MEMBERS]), or the decimal bit set as a string. "0" means administrators only; null means everyone.',
  anyOf: [
    { type: 'null' },
    { type: 'string', pattern: '^\\d+$' },
    { type: 'integer', minimum: 0 },
    {
      type: 'array',
      items: {
        anyOf: [
          { type: 'string', enum: [...permissionNames, ...permissionNames.map((n) => n.toLowerCase())] },
          { type: 'string', pattern: '^\\d+$' },
        ],
      },
    },
  ],
};

/** Every mapping of the manifest takes x-… keys, ignored and never sent: the escape for tooling and YAML anchors. */
export const EXTENSIONS = {
  '^x-': {
    description: 'Extension keys (x-…) are ignored and never sent: a place for notes, tooling data and YAML anchors.',
  },
};
