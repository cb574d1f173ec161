// Support ticket bodies with files: JSON, or multipart/form-data whose file parts are
// named attachments or attachments[n]. The route options (a JSON body cap checked before
// the body is read, the payload limits and their error bodies) and the step that reads
// the file parts and splits them from the ticket fields.
import type { Request, RouteOptions, RouteOptionsPayload } from '@hapi/hapi';
import { DomainError, Invalid } from '../../jobs/runtime/errors.js';
import { streamUpload, type Upload } from '../http/uploads.js';

/** the names of the file parts besides plain "attachments" (the body schemas allow them) */
export const attachmentParts = /^attachments\[\d*\]$/;

/** Largest request hapi reads: the default limits (5 files of 10 MiB) plus the form fields. */
const UPLOAD_CEILING = 64 * 1024 * 1024;

/** JSON bodies stay under the platform's usual 1 MiB; only multipart (files) may be larger. */
const JSON_CEILING = 1024 * 1024;

/** Route ext: refuses a large non-multipart body from its Content-Length before it is read. */
export const jsonBodyCap: RouteOptions['ext'] = {
  onPreAuth: {
    method(request, h) {
      const type = String(request.headers['content-type'] ?? '');
      if (!type.toLowerCase().startsWith('multipart/form-data') && Number(request.headers['content-length'] ?? 0) > JSON_CEILING) {
        throw new DomainError('too_large', 'payload_too_large', 'A JSON body is limited to 1 MiB; send files as multipart/form-data.');
      }
      return h.continue;
    },
  },
};

/** JSON or multipart/form-data; files only in multipart. */
export const ticketPayload: RouteOptionsPayload = {
  output: 'data',
  parse: true,
  // file parts as streams keep their exact bytes ('data' would decode text/* parts and parse JSON ones)
  multipart: { output: 'stream' },
  maxBytes: UPLOAD_CEILING,
  allow: ['application/json', 'multipart/form-data'],
  failAction(_request, _h, err) {
    const status = (err as { output?: { statusCode?: number } }).output?.statusCode;
    if (status === 413) throw new DomainError('too_large', 'payload_too_large', `The request is larger than ${UPLOAD_CEILING / 1024 / 1024} MiB.`, [{ path: 'attachments', message: 'request too large' }]);
    if (status === 415) throw new DomainError('unsupported_type', 'unsupported_media_type', 'Send application/json, or multipart/form-data when attaching files.');
    if (/JSON/i.test((err as Error).message)) throw new DomainError('invalid', 'malformed_json', 'The request body is not valid JSON.');
    throw new DomainError('invalid', 'invalid_upload', 'The multipart body could not be read.');
  },
};

/** Splits a validated body into the ticket fields and the files (parts named attachments or attachments[n]). */
export async function splitPayload<T extends object>(request: Request): Promise<{ input: T; files: Upload[] }> {
  const body = { ...((request.payload ?? {}) as Record<string, unknown>) };
  const files: Upload[] = [];
  for (const key of Object.keys(body)) {
    if (key !== 'attachments' && !attachmentParts.test(key)) continue;
    for (const part of [body[key]].flat()) {
      const file = await streamUpload(part);
      if (!file) throw Invalid.field(key, 'attachments must be files sent as multipart/form-data parts.', 'attachments_need_multipart');
      files.push(file);
    }
    delete body[key];
  }
  return { input: body as T, files };
}
