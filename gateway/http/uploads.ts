// Reading an uploaded file at the edge, one way for every route: hapi hands a multipart
// file part over as { filename, headers, payload } (multipart output 'annotated'), as a
// bare Buffer (output 'data'; an empty part as {}), or as a stream (output 'stream');
// JSON bodies carry base64 that joi decodes to a Buffer. Each becomes a plain Upload
// { filename, mediaType, size, bytes } (the type sniffed from the bytes here, at the
// edge; the size limit is the route's payload limit and the domain's rule), and the
// domain never sees hapi's shape.
import { Readable } from 'node:stream';
import { DomainError } from '../../jobs/runtime/errors.js';

/**
 * The plain value a route hands the domain. Declared here as well as in
 * domain/media/upload.ts because this floor may not import the domain: the two are
 * the same shape, and the compiler checks it wherever a route passes one on.
 */
export interface Upload {
  filename?: string;
  mediaType: string | null;
  size: number;
  bytes: Buffer;
}

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

/** One file part read the way every upload is: its bytes, their size and the type sniffed from them. */
export async function readUpload(value: unknown, errors: FilePartErrors): Promise<Upload> {
  const { filename, bytes } = filePart(value, errors);
  return sniffUpload(bytes, filename);
}

/** Bytes already read (possibly empty: the domain's rule answers that) as an Upload. */
export async function sniffUpload(bytes: Buffer, filename?: string): Promise<Upload> {
  // loaded on first upload: processes that never read one do not load it
  const { fileTypeFromBuffer } = await import('file-type');
  const type = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  return { filename, mediaType: type?.mime ?? null, size: bytes.length, bytes };
}

/** A multipart part read with output 'stream' (hapi has already buffered it), or null when the value is not a file part. */
export async function streamUpload(value: unknown): Promise<Upload | null> {
  const part = value as Readable & { hapi?: { filename?: string } };
  if (!(part instanceof Readable) || !part.hapi) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of part) chunks.push(Buffer.from(chunk as Buffer));
  return sniffUpload(Buffer.concat(chunks), part.hapi.filename ?? '');
}

/** hapi's empty file part under multipart output 'data' */
const isEmptyFilePart = (value: unknown) => typeof value === 'object' && value !== null && !Buffer.isBuffer(value) && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * A parsed body with every file under one of `fields` (at any depth: the nested image
 * of a product's variant as well as a top-level picture) read into an Upload: a Buffer
 * (a file part, or base64 that joi decoded) and hapi's empty part {} alike. Anything
 * else (null, '', text) is left for the domain to answer.
 */
export async function withUploads<T>(body: T, fields: readonly string[]): Promise<T> {
  if (!fields.length) return body;
  const visit = async (node: unknown): Promise<unknown> => {
    if (Array.isArray(node)) return Promise.all(node.map(visit));
    if (!node || typeof node !== 'object' || Buffer.isBuffer(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (fields.includes(k) && Buffer.isBuffer(v)) out[k] = await sniffUpload(v);
      else if (fields.includes(k) && isEmptyFilePart(v)) out[k] = await sniffUpload(Buffer.alloc(0));
      else out[k] = await visit(v);
    }
    return out;
  };
  return (await visit(body)) as T;
}

/** The usual answers for a picture field: empty is 400 empty_file, anything but one file 415. */
export function imagePartErrors(field: string, empty: string): FilePartErrors {
  const notFile = () => new DomainError('unsupported_type', 'unsupported_file_type', `${field} must be an image file sent as multipart/form-data.`, [{ path: field, message: 'not a file' }]);
  return {
    many: notFile,
    empty: () => new DomainError('invalid', 'empty_file', empty, [{ path: field, message: 'empty or missing file' }]),
    notFile,
  };
}
