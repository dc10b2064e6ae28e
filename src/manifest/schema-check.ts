import type { Path } from '../wire/problem.js';
import {
  validateCommandShape,
  validateManifest,
  type CompiledValidator,
  type SchemaError,
} from './generated/validate-manifest.js';
import { diagnosticAt, type Diagnostic } from './diagnostic.js';
import type { SourceFile } from './source.js';
import { closest } from '../wire/suggest.js';
import type { Obj } from '../wire/rules/values.js';

function parsePointer(pointer: string): Path {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Inside commands and permission lists the spec rules judge values; see schema.ts. */
function judgedBySpecRules(path: Path, fragment: boolean): boolean {
  if (fragment) return true;
  return (
    ((path[0] === 'commands' || path[0] === 'webhooks') && path.length >= 2) ||
    (path[0] === 'guilds' && (path[2] === 'commands' || path[2] === 'permissions') && path.length >= 4)
  );
}

function describeType(params: Obj): string {
  const t = params.type;
  return Array.isArray(t) ? t.join(' or ') : String(t);
}

/**
 * Runs the ahead-of-time compiled validator and turns its errors into one
 * finding per node: unknown keys (with a did-you-mean), missing keys, and one
 * "wrong kind of value" message instead of ajv's per-branch noise.
 */
export function checkSchema(file: SourceFile, value: unknown, base: Path, fragment: boolean): Diagnostic[] {
  const validate: CompiledValidator = fragment ? validateCommandShape : validateManifest;
  if (validate(value)) return [];
  const errors: SchemaError[] = validate.errors ?? [];
  const out: Diagnostic[] = [];
  const valueReported = new Set<string>();
  let unknownKeys = 0;
  let moreAt: Path | undefined;
  for (const err of errors) {
    const path = parsePointer(err.instancePath);
    const full = [...base, ...path];
    if (err.keyword === 'additionalProperties') {
      // Past a few dozen, more of the same helps nobody, and each costs a did-you-mean and a position.
      if (++unknownKeys > MAX_UNKNOWN_KEY_FINDINGS) {
        moreAt ??= full;
        continue;
      }
      const key = String(err.params.additionalProperty);
      const known = Object.keys((err as { parentSchema?: { properties?: object } }).parentSchema?.properties ?? {});
      const hint = closest(key, known.length ? known : KNOWN_KEYS);
      // An error, never a warning: the service would ignore a misspelled
      // default_member_permissions and open the command to everyone.
      const message = `Unknown key "${key}"${hint ? `; did you mean "${hint}"?` : '.'} Keys of your own start with x-.`;
      out.push(diagnosticAt(file, [...full, key], 'error', 'unknown-key', message, { key: true }));
      continue;
    }
    if (judgedBySpecRules(path, fragment)) continue;
    if (err.keyword === 'required') {
      out.push(
        diagnosticAt(file, full, 'error', 'schema', `Missing required key "${String(err.params.missingProperty)}".`),
      );
      continue;
    }
    const at = full.join('/');
    if (valueReported.has(at)) continue;
    valueReported.add(at);
    const name = path.length ? String(path.filter((s) => typeof s === 'string').at(-1) ?? 'value') : 'The manifest';
    let message: string;
    switch (err.keyword) {
      case 'type':
        message = `${name} must be ${describeType(err.params)}.`;
        break;
      case 'pattern':
        out.push(
          diagnosticAt(file, full, 'error', 'snowflake', `${name} must be a snowflake id (digits) or a \${VARIABLE}.`),
        );
        continue;
      case 'minimum':
      case 'maxItems':
      case 'minLength':
        message = `${name} ${err.message ?? 'is out of range'}.`;
        break;
      default:
        message = `${name} has a value of the wrong kind (${err.message ?? err.keyword}).`;
    }
    out.push(diagnosticAt(file, full, 'error', 'schema', message));
  }
  if (moreAt) {
    const more = unknownKeys - MAX_UNKNOWN_KEY_FINDINGS;
    out.push(
      diagnosticAt(
        file,
        moreAt,
        'error',
        'unknown-key',
        `…and ${more} more unknown key${more === 1 ? '' : 's'} (the first ${MAX_UNKNOWN_KEY_FINDINGS} are shown).`,
      ),
    );
  }
  return out;
}

const MAX_UNKNOWN_KEY_FINDINGS = 50;

/** Every key the manifest knows, for suggestions when the schema's own list is not at hand. */
const KNOWN_KEYS = [
  'application_id',
  'commands',
  'guilds',
  'webhooks',
  'limits',
  'include',
  'prune',
  'permissions',
  'id',
  'name',
  'type',
  'description',
  'options',
  'choices',
  'name_localizations',
  'description_localizations',
  'required',
  'default_member_permissions',
  'dm_permission',
  'nsfw',
  'integration_types',
  'contexts',
  'handler',
  'renamed_from',
  'channel_types',
  'min_value',
  'max_value',
  'min_length',
  'max_length',
  'autocomplete',
  'value',
  'role',
  'user',
  'channel',
  'allow',
  'permission',
  'default_permission',
];
