// Ticket attachments on disk: MEDIA_ROOT/support-attachments/<ticket id>/<128 random
// bits>.<ext>. The folder is not one of the public media folders, so only the download
// endpoint (owner or staff) serves them. The type is read from the bytes: images and
// PDF by their magic numbers (sniffed at the edge, gateway/http/uploads.ts); plain text
// has none, so a file without one is accepted as text only when it is valid UTF-8
// without control characters.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../db/platform.js';
import { DomainError, Invalid } from '../../jobs/runtime/errors.js';
import type { Upload } from '../media/upload.js';

export const ATTACHMENT_FOLDER = 'support-attachments';
export const ATTACHMENT_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/** An attachment as the edge read it (domain/media/upload.ts). */
export type IncomingFile = Upload;

export interface CheckedFile {
  originalName: string;
  data: Buffer;
  contentType: string;
  ext: string;
  sha256: string;
}

export interface WrittenFile extends CheckedFile {
  path: string;
}

export class TicketAttachmentStore {
  constructor(private readonly platform: Platform) {}

  get limits() {
    return { maxBytes: this.platform.config.support.attachmentMaxBytes, maxCount: this.platform.config.support.attachmentMaxCount };
  }

  /** Count, size and type, before anything is written; `existing` is what the ticket already has. */
  async check(files: IncomingFile[], existing = 0): Promise<CheckedFile[]> {
    const { maxBytes } = this.limits;
    this.checkCount(files.length, existing);
    const out: CheckedFile[] = [];
    for (const [i, upload] of files.entries()) {
      const f = { filename: upload.filename, data: upload.bytes };
      const field = `attachments.${i}`;
      if (!Buffer.isBuffer(f.data) || f.data.length === 0) throw Invalid.field(field, `${field} (${safeName(f.filename) || 'unnamed'}) is empty.`, 'empty_file');
      if (f.data.length > maxBytes) {
        throw new DomainError('too_large', 'file_too_large', `${safeName(f.filename) || field} is larger than ${formatBytes(maxBytes)}.`, [{ path: field, message: `larger than ${maxBytes} bytes` }]);
      }
      const contentType = attachmentType(upload);
      if (!contentType) {
        throw new DomainError('unsupported_type', 'unsupported_file_type', `${safeName(f.filename) || field} is not an image (PNG, JPEG, GIF, WebP), a PDF or plain UTF-8 text.`, [{ path: field, message: 'unsupported file type' }]);
      }
      out.push({ originalName: safeName(f.filename), data: f.data, contentType, ext: ATTACHMENT_TYPES[contentType], sha256: crypto.createHash('sha256').update(f.data).digest('hex') });
    }
    return out;
  }

  checkCount(adding: number, existing: number): void {
    const { maxCount } = this.limits;
    if (existing + adding > maxCount) {
      throw new DomainError('invalid', 'too_many_attachments', `A ticket holds at most ${maxCount} attachments${existing ? ` (it has ${existing})` : ''}.`, [{ path: 'attachments', message: `at most ${maxCount} files` }]);
    }
  }

  /** Writes checked files under the ticket's folder; the caller removes them if its transaction fails. */
  async write(ticketId: string, files: CheckedFile[]): Promise<WrittenFile[]> {
    const written: WrittenFile[] = [];
    try {
      for (const f of files) {
        const relative = `${ATTACHMENT_FOLDER}/${ticketId}/${crypto.randomBytes(16).toString('base64url')}.${f.ext}`;
        const absolute = this.resolve(relative);
        await fs.mkdir(path.dirname(absolute), { recursive: true });
        await fs.writeFile(absolute, f.data, { flag: 'wx', mode: 0o600 });
        written.push({ ...f, path: relative });
      }
      return written;
    } catch (err) {
      await this.remove(written.map((w) => w.path));
      throw err;
    }
  }

  async remove(paths: string[]): Promise<void> {
    for (const p of paths) await fs.rm(this.resolve(p), { force: true }).catch(() => undefined);
  }

  async removeTicketFolder(ticketId: string): Promise<void> {
    await fs.rm(this.resolve(`${ATTACHMENT_FOLDER}/${ticketId}`), { recursive: true, force: true }).catch(() => undefined);
  }

  resolve(relative: string): string {
    const root = path.resolve(this.platform.config.mediaRoot);
    const absolute = path.resolve(root, relative);
    if (!absolute.startsWith(root + path.sep)) throw Invalid.field('path', 'Invalid attachment path.');
    return absolute;
  }
}

/** The type sniffed from the bytes when it is an allowed one; without a magic number, plain text when the bytes are. */
function attachmentType(file: Upload): string | null {
  if (file.mediaType) return ATTACHMENT_TYPES[file.mediaType] && file.mediaType !== 'text/plain' ? file.mediaType : null;
  return isPlainText(file.bytes) ? 'text/plain' : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Valid UTF-8 without NUL or other control characters than tab, line feed, form feed and carriage return. */
export function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** The client's file name, reduced to something safe to show and to put in Content-Disposition. */
export function safeName(name: string | undefined): string {
  const base = String(name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001F\u007F"]/g, '').trim().slice(0, 255);
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB` : `${Math.round(n / 1024)} KiB`;
}
