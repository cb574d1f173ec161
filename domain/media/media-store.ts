// Uploaded files on disk under MEDIA_ROOT, served back at the media links (platform.links.media).
// The type is decided from the file's magic bytes (file-type), never from the
// client's name or Content-Type; names are content hashes, so a retried upload
// writes the same file once.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Metadata } from 'sharp';
import type { Platform } from '../../db/platform.js';
import { DomainError, Invalid } from '../../jobs/runtime/errors.js';
import type { Upload } from './upload.js';

/** The file names file-type gives the types our rules accept (a stored name keeps its extension). */
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/tiff': 'tif', 'image/gif': 'gif', 'application/pdf': 'pdf' };

export interface StoredFile {
  path: string; // relative to MEDIA_ROOT, forward slashes
  url: string; // absolute
  contentType: string;
  size: number;
  sha256: string;
}

export interface UploadRule {
  field: string;
  /** allowed MIME types, detected from the bytes */
  types: string[];
  maxBytes: number;
  /**
   * Pictures: the most pixels (width × height × frames) and the longest side accepted.
   * A few KiB of PNG can declare 5000 × 5000 pixels; what it costs to decode and to
   * show is the pixels, not the bytes. Read from the header, before any decoding.
   */
  maxPixels?: number;
  maxSide?: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The advisory-lock class of media files ("MEDI"); the second key is hashtext(path). */
const MEDIA_LOCK_CLASS = 0x4d454449;

/** Writes the file unless it is there already, atomically (a reader never sees half a file). */
async function writeOnce(absolute: string, data: Buffer): Promise<void> {
  try {
    await fs.access(absolute);
    return;
  } catch {
    // not there yet
  }
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  const tmp = `${absolute}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, absolute);
}

export class MediaStore {
  constructor(private readonly platform: Platform) {}

  get root(): string {
    return this.platform.config.mediaRoot;
  }

  url(relative: string | null | undefined): string | null {
    return relative ? this.platform.links.media(relative) : null;
  }

  /** Checks size and real type; throws 400/413/415 with the field named. */
  async inspect(data: Buffer, rule: UploadRule): Promise<{ mime: string; ext: string }> {
    checkSize(data, rule);
    // loaded on first upload: processes that only read media (workers) never load them
    const { fileTypeFromBuffer } = await import('file-type');
    return this.checkType(data, (await fileTypeFromBuffer(data)) ?? null, rule);
  }

  /** Checks an upload whose type the edge sniffed (gateway/http/uploads.ts) like inspect does: size, type, pixel limits. */
  async checkUpload(upload: Upload, rule: UploadRule): Promise<{ mime: string; ext: string }> {
    checkSize(upload.bytes, rule);
    const mime = upload.mediaType;
    return this.checkType(upload.bytes, mime ? { mime, ext: EXTENSIONS[mime] ?? mime.split('/')[1] } : null, rule);
  }

  /** checkUpload, then stores it. */
  async saveUpload(upload: Upload, rule: UploadRule, folder: string): Promise<StoredFile> {
    return this.saveTyped(upload.bytes, await this.checkUpload(upload, rule), folder);
  }

  private async checkType(data: Buffer, type: { mime: string; ext: string } | null, rule: UploadRule): Promise<{ mime: string; ext: string }> {
    if (!type || !rule.types.includes(type.mime)) {
      throw new DomainError('unsupported_type', 'unsupported_file_type', `${rule.field} must be one of ${rule.types.join(', ')}${type ? `, not ${type.mime}` : ''}.`, [{ path: rule.field, message: 'unsupported file type' }]);
    }
    if (rule.maxPixels || rule.maxSide) await this.imageSize(data, rule);
    return type;
  }

  /**
   * Width and height from the picture's header (no pixel is decoded); 400 invalid_image
   * when it cannot be read, 400 image_too_large beyond the rule's pixel limits.
   */
  async imageSize(data: Buffer, rule: UploadRule): Promise<ImageSize> {
    const { default: sharp } = await import('sharp');
    let meta: Metadata;
    try {
      meta = await sharp(data, { limitInputPixels: false }).metadata();
    } catch {
      meta = {} as Metadata;
    }
    if (!meta.width || !meta.height) throw new DomainError('invalid', 'invalid_image', `${rule.field} looks like an image but cannot be decoded.`, [{ path: rule.field, message: 'corrupt image' }]);
    const frameHeight = meta.pageHeight ?? meta.height;
    const pixels = meta.width * frameHeight * Math.max(1, meta.pages ?? 1);
    const side = Math.max(meta.width, frameHeight);
    if ((rule.maxPixels && pixels > rule.maxPixels) || (rule.maxSide && side > rule.maxSide)) {
      const limit = [rule.maxSide && `at most ${rule.maxSide} px on a side`, rule.maxPixels && `at most ${(rule.maxPixels / 1e6).toLocaleString('en')} megapixels`].filter(Boolean).join(' and ');
      throw new DomainError('invalid', 'image_too_large', `${rule.field} is ${meta.width} × ${frameHeight} px${(meta.pages ?? 1) > 1 ? ` × ${meta.pages} frames` : ''}; ${limit} are accepted.`, [
        { path: rule.field, message: `image is ${meta.width} × ${frameHeight} px`, type: 'image.dimensions' },
      ]);
    }
    return { width: meta.width, height: frameHeight };
  }

  async save(data: Buffer, rule: UploadRule, folder: string): Promise<StoredFile> {
    return this.saveTyped(data, await this.inspect(data, rule), folder);
  }

  /**
   * Stores bytes whose type the caller has already established from their content
   * (formats file-type cannot tell, such as XML or CSV invoices: see jobs/invoice-document.ts).
   */
  async saveTyped(data: Buffer, type: { mime: string; ext: string }, folder: string): Promise<StoredFile> {
    const { mime, ext } = type;
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    const relative = `${folder}/${sha256.slice(0, 2)}/${sha256}.${ext}`;
    const absolute = this.resolve(relative);
    await writeOnce(absolute, data);
    return { path: relative, url: this.url(relative)!, contentType: mime, size: data.length, sha256 };
  }

  /**
   * Called inside the transaction that makes a row point at a stored file, before that
   * row is written: holds the file's lock (shared) until the transaction ends, and puts
   * the file back if a removal took it between the upload and now. With removeIfUnused
   * taking the same lock exclusively, a file is never removed while a row is being
   * pointed at it, and never left missing once one points at it.
   */
  async claim(trx: Knex.Transaction, relative: string, data: Buffer): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock_shared(?, hashtext(?))', [MEDIA_LOCK_CLASS, relative]);
    await writeOnce(this.resolve(relative), data);
  }

  async read(relative: string): Promise<Buffer> {
    return fs.readFile(this.resolve(relative));
  }

  /** Files are content-addressed and may be shared by rows: remove only when no row points at them. */
  async removeIfUnused(relative: string, stillUsed: (db: Knex.Transaction) => Promise<boolean>): Promise<void> {
    // exclusive: waits for every transaction that claimed the file (see claim) to end,
    // so a reference committed by one of them is seen here
    await this.platform.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [MEDIA_LOCK_CLASS, relative]);
      if (await stillUsed(trx)) return;
      await fs.rm(this.resolve(relative), { force: true });
    });
  }

  resolve(relative: string): string {
    const absolute = path.resolve(this.root, relative);
    if (!absolute.startsWith(path.resolve(this.root) + path.sep)) throw Invalid.field('path', 'Invalid media path.');
    return absolute;
  }
}

/** Empty is 400 empty_file, over the rule's bytes 413 file_too_large. */
function checkSize(data: Buffer, rule: UploadRule): void {
  if (!Buffer.isBuffer(data) || data.length === 0) throw Invalid.field(rule.field, `${rule.field} must be a non-empty file.`, 'empty_file');
  if (data.length > rule.maxBytes) {
    throw new DomainError('too_large', 'file_too_large', `${rule.field} is larger than ${Math.round(rule.maxBytes / 1024)} KiB.`, [{ path: rule.field, message: 'file too large' }]);
  }
}
