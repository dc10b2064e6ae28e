/**
 * The generated commands the agreement tests share: valid bodies of every
 * command type from a seeded generator, the mutations that break one rule
 * each, and the verdict each was decided to have.
 */
export type Obj = Record<string, any>;

export const clone = <T>(v: T): T => structuredClone(v);

/** Valid bodies of every command type, built from a seeded generator. */
export function bases(random: (n: number) => number): Obj[] {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa'];
  const word = () => words[random(words.length)]!;
  const out: Obj[] = [];
  for (let i = 0; i < 8; i++) {
    const options: Obj[] = [];
    const n = 1 + random(4);
    for (let j = 0; j < n; j++) {
      const type = [3, 4, 5, 6, 10][random(5)]!;
      const o: Obj = { type, name: `${word()}-${j}`, description: `Option ${j}` };
      if (j === 0) o.required = true;
      if (type === 3 && random(2))
        o.choices = [
          { name: 'One', value: 'one' },
          { name: 'Two', value: 'two' },
        ];
      if (type === 10 && random(2)) Object.assign(o, { min_value: -1.5, max_value: 99.5 });
      if (random(3) === 0) o.name_localizations = { fr: `${word()}-fr-${j}` };
      options.push(o);
    }
    out.push({
      name: `${word()}-cmd-${i}`,
      description: `Command ${i}`,
      options,
      ...(random(2) ? { nsfw: false } : {}),
    });
  }
  out.push({
    name: 'admin',
    description: 'Admin tools',
    options: [
      {
        type: 2,
        name: 'users',
        description: 'Users',
        options: [
          {
            type: 1,
            name: 'ban',
            description: 'Ban',
            options: [{ type: 6, name: 'who', description: 'Who', required: true }],
          },
        ],
      },
      { type: 1, name: 'ping', description: 'Ping' },
    ],
  });
  out.push({ type: 2, name: 'Profile', name_localizations: { de: 'Profil' } });
  out.push({ type: 3, name: 'Quote message' });
  out.push({ name: 'everywhere', description: 'd', contexts: [0, 1, 2], integration_types: [0, 1] });
  return out;
}

export interface Mutation {
  rule: string;
  /** Global (`g`), guild (`s`) or both. */
  scopes?: Array<'global' | 'guild'>;
  /** Undefined when the mutation does not apply to this body. */
  apply(cmd: Obj): Obj | undefined;
}

const chatInput = (c: Obj) => (c.type ?? 1) === 1;
const contextMenu = (c: Obj) => c.type === 2 || c.type === 3;
const firstLeafOptions = (c: Obj): Obj[] | undefined => {
  if (!chatInput(c) || !Array.isArray(c.options)) return undefined;
  const group = c.options.find((o: Obj) => o.type === 2);
  if (group) return group.options[0].options;
  const sub = c.options.find((o: Obj) => o.type === 1 && Array.isArray(o.options));
  if (sub) return sub.options;
  return c.options.some((o: Obj) => o.type === 1) ? undefined : c.options;
};

export const MUTATIONS: Mutation[] = [
  { rule: 'valid', apply: (c) => c },
  { rule: 'name uppercase', apply: (c) => (chatInput(c) ? { ...c, name: 'Upper' } : undefined) },
  { rule: 'name too long', apply: (c) => ({ ...c, name: chatInput(c) ? 'x'.repeat(33) : 'X'.repeat(33) }) },
  { rule: 'description too long', apply: (c) => (chatInput(c) ? { ...c, description: 'd'.repeat(101) } : undefined) },
  { rule: 'description missing', apply: (c) => (chatInput(c) ? { ...c, description: undefined } : undefined) },
  { rule: 'context menu with description', apply: (c) => (contextMenu(c) ? { ...c, description: 'no' } : undefined) },
  {
    rule: 'context menu with options',
    apply: (c) => (contextMenu(c) ? { ...c, options: [{ type: 3, name: 'a', description: 'a' }] } : undefined),
  },
  {
    rule: 'required after optional',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf) return undefined;
      leaf.push(
        { type: 3, name: 'late-optional', description: 'o' },
        { type: 3, name: 'late-required', description: 'r', required: true },
      );
      return copy;
    },
  },
  {
    rule: 'duplicate option name',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf || leaf.length === 0) return undefined;
      leaf.push({ ...clone(leaf[0]!), required: false, name_localizations: undefined });
      return copy;
    },
  },
  {
    rule: 'too many options',
    apply: (c) =>
      chatInput(c)
        ? { ...c, options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })) }
        : undefined,
  },
  {
    rule: 'bad option type',
    apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 99, name: 'x', description: 'd' }] } : undefined),
  },
  {
    rule: 'NUMBER at +2^53 (valid)',
    apply: (c) =>
      chatInput(c)
        ? { ...c, options: [{ type: 10, name: 'n', description: 'd', min_value: -(2 ** 53), max_value: 2 ** 53 }] }
        : undefined,
  },
  {
    rule: 'NUMBER beyond 2^53',
    apply: (c) =>
      chatInput(c) ? { ...c, options: [{ type: 10, name: 'n', description: 'd', max_value: 2 ** 54 }] } : undefined,
  },
  {
    rule: 'INTEGER at 2^53',
    apply: (c) =>
      chatInput(c) ? { ...c, options: [{ type: 4, name: 'n', description: 'd', max_value: 2 ** 53 }] } : undefined,
  },
  {
    rule: 'autocomplete with choices',
    apply: (c) =>
      chatInput(c)
        ? {
            ...c,
            options: [
              { type: 3, name: 's', description: 'd', autocomplete: true, choices: [{ name: 'a', value: 'a' }] },
            ],
          }
        : undefined,
  },
  {
    rule: 'bad channel type',
    apply: (c) =>
      chatInput(c) ? { ...c, options: [{ type: 7, name: 'c', description: 'd', channel_types: [100] }] } : undefined,
  },
  { rule: 'unknown locale', apply: (c) => ({ ...c, name_localizations: { xx: 'x' } }) },
  { rule: 'bad command type', apply: (c) => ({ ...c, type: 9 }) },
  { rule: 'default_member_permissions not a number', apply: (c) => ({ ...c, default_member_permissions: 'lots' }) },
  { rule: 'nsfw not boolean', apply: (c) => ({ ...c, nsfw: 'yes' }) },
  {
    rule: 'PRIVATE_CHANNEL without USER_INSTALL',
    scopes: ['global'],
    apply: (c) => ({ ...c, contexts: [0, 2], integration_types: [0] }),
  },
  { rule: 'BOT_DM on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, contexts: [0, 1] }) },
  { rule: 'integration_types on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, integration_types: [0] }) },
  { rule: 'dm_permission on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, dm_permission: false }) },
  { rule: 'non-snowflake id', apply: (c) => ({ ...c, id: 'not-an-id' }) },
  {
    rule: 'blank localized context-menu name',
    apply: (c) => (contextMenu(c) ? { ...c, name_localizations: { fr: '   ' } } : undefined),
  },
  {
    rule: 'localized option names clash across levels',
    apply: (c) => {
      if (c.name !== 'admin') return undefined;
      const copy = clone(c);
      copy.options[0].name_localizations = { fr: 'same' };
      copy.options[1].name_localizations = { fr: 'other' };
      copy.options[0].options[0].options[0].name_localizations = { fr: 'same' };
      return copy;
    },
  },
  {
    rule: 'localized option name equal to another default option name',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf || leaf.length < 2) return undefined;
      leaf[1]!.name_localizations = { fr: leaf[0]!.name };
      return copy;
    },
  },
];

/** The verdict each rule was decided to have (spec and facts; docs/emulator.md "Lint and emulator agree"). */
export const ACCEPTED = new Set([
  'valid',
  'NUMBER at +2^53 (valid)',
  // The spec calls it "meaningful only" with USER_INSTALL: stored either way, lint warns.
  'PRIVATE_CHANNEL without USER_INSTALL',
  // Guild commands hold no contexts, integration_types or dm_permission: accepted and dropped, lint warns.
  'BOT_DM on a guild command',
  'integration_types on a guild command',
  'dm_permission on a guild command',
]);
