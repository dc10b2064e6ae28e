import type { Obj } from '../../wire/rules/values.js';
/**
 * What the service makes of an uploaded file: the name it stores and the
 * content type it reports. Clients label parts unreliably (discord.py sends
 * `application/octet-stream` for everything), so the type comes from the
 * bytes first, then the name; the part header is the last resort.
 */

/**
 * The stored filename: every run of characters other than letters, digits,
 * `.`, `-` and `_` becomes one `_`, and `_` around the name (before its
 * extension too) is trimmed: `hello (world).png` → `hello_world.png`.
 */
export function cleanFilename(name: string): string {
  const dot = name.lastIndexOf('.');
  const clean = (part: string) => part.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
  const stem = clean(dot > 0 ? name.slice(0, dot) : name);
  const ext = dot > 0 ? clean(name.slice(dot + 1)) : '';
  const base = stem || 'unknown';
  return ext ? `${base}.${ext}` : base;
}

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, text: string, at = 0) => data.subarray(at, at + text.length).toString('latin1') === text;

/** Types known by their first bytes. */
function sniff(data: Buffer): string | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'image/gif';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'image/webp';
  if (ascii(data, 'RIFF') && ascii(data, 'WAVE', 8)) return 'audio/wav';
  if (ascii(data, '%PDF-')) return 'application/pdf';
  if (ascii(data, 'OggS')) return 'audio/ogg';
  if (ascii(data, 'fLaC')) return 'audio/flac';
  if (ascii(data, 'ID3') || startsWith(data, [0xff, 0xfb])) return 'audio/mpeg';
  if (ascii(data, 'ftyp', 4)) return ascii(data, 'qt', 8) ? 'video/quicktime' : 'video/mp4';
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  return undefined;
}

const TEXT = 'charset=utf-8';
/** Types by extension, for content the bytes do not identify (text formats mostly). */
const BY_EXTENSION: Record<string, string> = {
  txt: `text/plain; ${TEXT}`,
  log: `text/plain; ${TEXT}`,
  md: `text/markdown; ${TEXT}`,
  csv: `text/csv; ${TEXT}`,
  html: `text/html; ${TEXT}`,
  css: `text/css; ${TEXT}`,
  js: `text/javascript; ${TEXT}`,
  ts: `text/x-typescript; ${TEXT}`,
  py: `text/x-python; ${TEXT}`,
  json: `application/json; ${TEXT}`,
  xml: `application/xml; ${TEXT}`,
  yaml: `application/x-yaml; ${TEXT}`,
  yml: `application/x-yaml; ${TEXT}`,
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The content type the service reports for a file: from its bytes, then its name, then the part's header. */
export function fileContentType(data: Buffer, filename: string, declared: string | undefined): string | undefined {
  const sniffed = sniff(data);
  if (sniffed) return sniffed;
  const dot = filename.lastIndexOf('.');
  const byName = dot >= 0 ? BY_EXTENSION[filename.slice(dot + 1).toLowerCase()] : undefined;
  if (byName) return byName;
  if (data.length > 0 && isUtf8Text(data)) return `text/plain; ${TEXT}`;
  return declared || undefined;
}

/** Embed fields that may name an uploaded file as `attachment://filename`. */
const MEDIA_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['image', 'url'],
  ['thumbnail', 'url'],
  ['video', 'url'],
  ['author', 'icon_url'],
  ['footer', 'icon_url'],
];

/** Embeds with each `attachment://name` that names one of the attachments replaced by that attachment's URLs. */
export function resolveAttachmentReferences(embeds: readonly Obj[], attachments: readonly Obj[]): Obj[] {
  const byName = new Map(attachments.map((a) => [String(a.filename), a]));
  return embeds.map((embed) => {
    let out = embed;
    for (const [field, key] of MEDIA_FIELDS) {
      const media = embed[field];
      if (typeof media !== 'object' || media === null) continue;
      const ref = (media as Obj)[key];
      if (typeof ref !== 'string' || !ref.startsWith('attachment://')) continue;
      const target = byName.get(ref.slice('attachment://'.length));
      if (!target) continue;
      const proxyKey = key === 'url' ? 'proxy_url' : 'proxy_icon_url';
      out = { ...out, [field]: { ...(media as Obj), [key]: target.url, [proxyKey]: target.proxy_url } };
    }
    return out;
  });
}
