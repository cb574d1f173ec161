// Reading an uploaded file at the edge: hapi hands a multipart file part over as
// { filename, headers, payload } (multipart output 'annotated') or as a bare Buffer;
// the domain takes a plain { filename, bytes } and never sees hapi's shape.
import { DomainError } from '../../jobs/runtime/errors.js';

export interface UploadedBytes {
  filename?: string;
  bytes: Buffer;
}

/** The error a route answers for each way a file part can be wrong (its documented codes). */
export interface FilePartErrors {
  /** the field was sent more than once */
  many(count: number): DomainError;
  /** missing or zero bytes */
  empty(): DomainError;
  /** a plain text field where a file was expected */
  notFile(): DomainError;
}

/** One file part of a parsed multipart body, as plain bytes. */
export function filePart(value: unknown, errors: FilePartErrors): UploadedBytes {
  if (Array.isArray(value)) throw errors.many(value.length);
  if (Buffer.isBuffer(value)) {
    if (!value.length) throw errors.empty();
    return { bytes: value };
  }
  if (value && typeof value === 'object' && 'payload' in value) {
    const v = value as { filename?: string; payload: unknown };
    const bytes = Buffer.isBuffer(v.payload) ? v.payload : typeof v.payload === 'string' ? Buffer.from(v.payload) : Buffer.alloc(0);
    if (!bytes.length) throw errors.empty();
    return { filename: v.filename, bytes };
  }
  if (value === undefined || value === null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0)) throw errors.empty();
  throw errors.notFile();
}
