/**
 * Reading what the flags point at: JSON/YAML documents (embeds, components,
 * compatibility bodies), files to upload, avatar images. Errors name the
 * flag and the file, never a stack.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { CmdsyncError, UsageError } from '../../../errors.js';
import { yamlLib } from '../../../manifest/yaml-lib.js';
import type { FileUpload } from '../../../remote/index.js';
import type { CliContext } from '../../context.js';
import type { Obj } from '../../../wire/rules/values.js';

function readText(path: string, flag: string, ctx: CliContext): string {
  try {
    return readFileSync(resolve(ctx.cwd, path), 'utf8');
  } catch (err) {
    throw new CmdsyncError(
      'FILE_UNREADABLE',
      `${flag} ${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
}

/** A JSON or YAML document (`.json` is parsed strictly as JSON; anything else as YAML, which JSON also is). */
export function readDocument(path: string, flag: string, ctx: CliContext): unknown {
  const text = readText(path, flag, ctx);
  if (extname(path).toLowerCase() === '.json') {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new CmdsyncError('FILE_INVALID', `${flag} ${path}: not valid JSON: ${(err as Error).message}`);
    }
  }
  try {
    return yamlLib().parse(text) as unknown;
  } catch (err) {
    const first = String((err as Error).message).split('\n')[0];
    throw new CmdsyncError('FILE_INVALID', `${flag} ${path}: not valid YAML: ${first}`);
  }
}

/**
 * `--embeds FILE`: a list of embeds, one embed object, or `{ embeds: [...] }`
 * (a whole message body exported from elsewhere). Anything else is passed
 * through so the rules report it at `embeds`.
 */
export function readEmbeds(path: string, ctx: CliContext): unknown {
  const doc = readDocument(path, '--embeds', ctx);
  if (Array.isArray(doc)) return doc;
  if (doc !== null && typeof doc === 'object') {
    const obj = doc as Obj;
    return 'embeds' in obj && Object.keys(obj).length === 1 ? obj.embeds : [obj];
  }
  return doc;
}

/** `--components FILE`: a list of components, or `{ components: [...] }`. */
export function readComponents(path: string, ctx: CliContext): unknown {
  const doc = readDocument(path, '--components', ctx);
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc) && 'components' in doc)
    return (doc as { components: unknown }).components;
  return doc;
}

/** `--file PATH` (repeatable): each becomes `files[n]` of a multipart request, named after the file. */
export function readUploads(paths: readonly string[], ctx: CliContext): FileUpload[] {
  return paths.map((p) => {
    const full = resolve(ctx.cwd, p);
    try {
      if (!statSync(full).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      return { name: basename(full), data: readFileSync(full) };
    } catch (err) {
      throw new CmdsyncError(
        'FILE_UNREADABLE',
        `--file ${p}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  });
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** `--avatar FILE` as the service takes it: a `data:image/…;base64,` URI. */
export function readAvatar(path: string, ctx: CliContext): string {
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  if (!type) throw new UsageError(`--avatar ${path}: use a .png, .jpg, .gif or .webp file.`);
  let data: Buffer;
  try {
    data = readFileSync(resolve(ctx.cwd, path));
  } catch (err) {
    throw new CmdsyncError(
      'FILE_UNREADABLE',
      `--avatar ${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  return `data:${type};base64,${data.toString('base64')}`;
}
