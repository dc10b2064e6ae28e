/**
 * Which attachment each uploaded file became, for the notes observers get
 * (emulator/gateway/events.ts): building a message appends one attachment per file,
 * in the files' order, after the attachments it kept (webhook-message.ts), so
 * the last `files.length` attachments are the new files.
 */
import type { NoteFile } from '../gateway/events.js';
import type { MultipartFile } from '../http/multipart.js';
import type { Obj } from '../../wire/rules/values.js';

export function uploadedFiles(message: Obj, files: readonly MultipartFile[]): NoteFile[] | undefined {
  if (files.length === 0) return undefined;
  const attachments = Array.isArray(message.attachments) ? (message.attachments as Array<Obj>) : [];
  const added = attachments.slice(attachments.length - files.length);
  if (added.length !== files.length) return undefined;
  return files.map((f, i) => {
    const a = added[i]!;
    return {
      id: String(a.id),
      filename: String(a.filename),
      contentType: typeof a.content_type === 'string' ? a.content_type : undefined,
      data: f.data,
    };
  });
}
