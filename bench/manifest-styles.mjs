// The same manifest value written out the ways people write manifests, for
// bench/lint.mjs (start-up per style) and test/manifest/fast-read-fuzz.test.ts
// (the fast readers against the exact parser, per style). Each writer takes
// the value and a random source (n) => integer in [0, n); the text it writes
// must read back, by the exact parser, as that value.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v) => v === null || typeof v !== 'object';
const json = (v) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));
const same = (a, b) => json(a) === json(b);

/** A scalar in a flow or block position: plain where the `yaml` library writes it plain on one line, else double-quoted. */
function scalar(v) {
  if (typeof v !== 'string') return String(v);
  const plain = stringify(v, { lineWidth: 0 }).trimEnd();
  return /[,[\]{}\n#]|^['"]/.test(plain) ? JSON.stringify(v) : plain;
}

function flow(v) {
  if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
  if (isObject(v))
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${scalar(k)}: ${flow(x)}`)
      .join(', ')} }`;
  return scalar(v);
}

/**
 * Block collections; `inline(v, key)` says which nodes are written on one
 * line (as flow, or by `leaf` for scalars), `decorate` may add comments.
 */
function block(v, indent, opts) {
  const { inline, leaf = (x) => scalar(x), key: writeKey = scalar, comment = () => '' } = opts;
  const one = (x, k, pad) => (isScalar(x) ? leaf(x, k, pad) : flow(x));
  if (Array.isArray(v)) {
    return v.flatMap((item) => {
      if (isScalar(item) || inline(item) || (Array.isArray(item) && item.length === 0))
        return [`${indent}- ${one(item, undefined, `${indent}  `)}${comment()}`];
      const [first, ...rest] = block(item, `${indent}  `, opts);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  return Object.entries(v).flatMap(([k, x]) => {
    const head = `${indent}${writeKey(k)}:`;
    if (
      isScalar(x) ||
      inline(x) ||
      (Array.isArray(x) && x.length === 0) ||
      (isObject(x) && Object.keys(x).length === 0)
    )
      return [`${head} ${one(x, k, `${indent}  `)}${comment()}`];
    return [`${head}${comment()}`, ...block(x, Array.isArray(x) && x.length % 2 === 1 ? indent : `${indent}  `, opts)];
  });
}

const lines = (list) => `${list.join('\n')}\n`;
const oneLine = (v) =>
  Array.isArray(v)
    ? v.every(isScalar)
    : isObject(v) && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar)));

/** Words of a description written folded (`>`) or literal (`|`): a string of single-spaced words reads back whole with `-`. */
function blockScalarLeaf(random) {
  return (x, _k, pad) => {
    if (typeof x !== 'string' || !/^\S+(?: \S+)+$/.test(x) || /^[#]|[\\]/.test(x)) return scalar(x);
    const words = x.split(' ');
    const folded = random(2) === 0;
    const cut = 1 + random(words.length - 1);
    // `|-` keeps the line as written; `>-` folds the break between two lines back into one space.
    const body = folded ? [words.slice(0, cut).join(' '), words.slice(cut).join(' ')] : [x];
    return `${folded ? '>-' : '|-'}${random(4) === 0 ? ' # folded' : ''}\n${body.map((l) => `${pad}${l}`).join('\n')}`;
  };
}

/** Double-quoted with YAML escapes (`\u00e9`, `\x41`, `\t`), keys sometimes single-quoted. */
function escaped(random) {
  const quote = (s) =>
    JSON.stringify(s).replace(/[^\x20-\x7e]|[A-Z]/gu, (c) => {
      const code = c.codePointAt(0);
      if (/[A-Z]/.test(c)) return random(8) === 0 ? `\\x${code.toString(16)}` : c;
      return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    });
  return {
    leaf: (x) => (typeof x === 'string' ? quote(x) : scalar(x)),
    key: (k) => (random(3) === 0 ? `'${k.replace(/'/g, "''")}'` : quote(k)),
  };
}

/**
 * Anchors, aliases and merge keys as people share options: a mapping equal
 * to an earlier one is an alias of it; one with the same keys as an earlier
 * one, some values alike, merges it (`<<: *o3`) and writes what differs.
 */
function anchored(value) {
  const seen = new Map();
  const bases = new Map();
  const plan = new Map();
  let next = 0;
  const visit = (v) => {
    // Empty collections are written `[]` and `{}`, never shared.
    if (isScalar(v) || Object.keys(v).length === 0) return;
    const id = json(v);
    if (seen.has(id)) {
      const first = seen.get(id);
      if (!plan.has(first)) plan.set(first, { anchor: `a${next++}` });
      plan.set(v, { alias: first });
      return;
    }
    seen.set(id, v);
    if (isObject(v) && Object.keys(v).length >= 3) {
      const shape = Object.keys(v).join(',');
      const base = bases.get(shape);
      if (base && !plan.has(v) && Object.keys(v).some((k) => same(base[k], v[k]))) {
        if (!plan.has(base)) plan.set(base, { anchor: `a${next++}` });
        else if (!plan.get(base).anchor) return;
        plan.set(v, { merge: base });
        return;
      }
      if (!base) bases.set(shape, v);
    }
    for (const x of Array.isArray(v) ? v : Object.values(v)) visit(x);
  };
  visit(value);
  const emit = (v, indent) => {
    const p = plan.get(v);
    if (Array.isArray(v)) {
      return v.flatMap((item) => {
        const ip = plan.get(item);
        if (isScalar(item) || ip?.alias || item.length === 0) return [`${indent}- ${head(item)}`];
        const [first, ...rest] = emit(item, `${indent}  `);
        return ip?.anchor ? [`${indent}- &${ip.anchor}`, first, ...rest] : [`${indent}- ${first.trimStart()}`, ...rest];
      });
    }
    const own = p?.merge ? Object.entries(v).filter(([k, x]) => !same(p.merge[k], x)) : Object.entries(v);
    const out = p?.merge ? [`${indent}<<: *${plan.get(p.merge).anchor}`] : [];
    for (const [k, x] of own) {
      const xp = plan.get(x);
      if (isScalar(x) || xp?.alias || (!isScalar(x) && Object.keys(x).length === 0))
        out.push(`${indent}${scalar(k)}: ${head(x)}`);
      else out.push(`${indent}${scalar(k)}:${xp?.anchor ? ` &${xp.anchor}` : ''}`, ...emit(x, `${indent}  `));
    }
    return out;
  };
  const head = (x) => {
    const xp = plan.get(x);
    if (xp?.alias) return `*${plan.get(xp.alias).anchor}`;
    return isScalar(x) ? scalar(x) : Array.isArray(x) ? '[]' : '{}';
  };
  return lines(emit(value, ''));
}

function commented(random) {
  const notes = ['# why this is here', '#no space', '# a: b - [x] {y}', '#   ', '# "quoted" \'x\''];
  return (text) => {
    const out = ['# manifest, written by hand', ''];
    for (const line of text.split('\n').slice(0, -1)) {
      if (random(4) === 0) out.push(`${' '.repeat(random(8))}${notes[random(notes.length)]}`);
      if (random(8) === 0) out.push('');
      const bare = !/^\s*[|>]|[|>][-+]?$/.test(line) && !/^\s+\S/.test(line.split(': ')[1] ?? '');
      out.push(
        bare && random(3) === 0 && !line.trimEnd().endsWith(':') ? `${line} ${notes[random(notes.length)]}` : line,
      );
    }
    return lines(out.concat(['# the end']));
  };
}

/** The styles: name, and a writer (value, random) => text. */
export const STYLES = [
  ['block', (m) => stringify(m, { lineWidth: 0, aliasDuplicateObjects: false })],
  ['one-line flow', (m) => lines(block(m, '', { inline: oneLine }))],
  [
    'nested flow',
    (m) => lines(block(m, '', { inline: (v) => isObject(v) && ('type' in v || 'value' in v || !('name' in v)) })),
  ],
  ['anchors, aliases, merge keys', (m) => anchored(m)],
  ['block scalars', (m, random) => lines(block(m, '', { inline: () => false, leaf: blockScalarLeaf(random) }))],
  ['quoted and escaped', (m, random) => lines(block(m, '', { inline: () => false, ...escaped(random) }))],
  ['comments everywhere', (m, random) => commented(random)(lines(block(m, '', { inline: oneLine })))],
  [
    'CRLF and BOM',
    (m) => `\ufeff${stringify(m, { lineWidth: 0, aliasDuplicateObjects: false }).replace(/\n/g, '\r\n')}`,
  ],
  // Integers past 2^53 written whole, as a JSON file holds them (JSON.stringify cannot write a BigInt).
  [
    'JSON',
    (m) =>
      `${JSON.stringify(m, (_k, x) => (typeof x === 'bigint' ? `\u0000${x}` : x), 2).replace(/"\\u0000(-?[0-9]+)"/g, '$1')}\n`,
  ],
];

/**
 * The command sets of fixtures/corpus/real-defs (each from a public bot,
 * see fixtures/corpus/README.md) as one manifest, a guild each, without what
 * lint would report on them (fields guild commands drop, deprecated ones,
 * localizations equal to the default): a clean lint is the fast path's case.
 */
export function corpusManifest(root) {
  const dir = join(root, 'fixtures/corpus/real-defs');
  const drop = new Set([
    'dm_permission',
    'contexts',
    'integration_types',
    'default_permission',
    'permissions',
    'id',
    'application_id',
    'version',
    'guild_id',
  ]);
  const clean = (v) => {
    if (Array.isArray(v)) return v.map((x) => clean(x));
    if (!isObject(v)) return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (drop.has(k)) continue;
      if (k.endsWith('_localizations') && isObject(x)) {
        const base = v[k.replace('_localizations', '')];
        out[k] = Object.fromEntries(Object.entries(x).filter(([, s]) => s !== base));
      } else out[k] = clean(x);
    }
    return out;
  };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return {
    application_id: '123456789012345678',
    guilds: files.map((f, i) => ({
      id: String(112233445566778800n + BigInt(i)),
      commands: clean(JSON.parse(readFileSync(join(dir, f), 'utf8')).commands),
    })),
  };
}
