import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id, JobAccepted } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { jobAccepted, jobFailure, notificationsWsUrl } from '../respond.js';
import { DomainError } from '../../../jobs/runtime/errors.js';
import { ACCEPTED_TYPES } from '../../../jobs/invoice-document.js';
import type { ParseResult, PreviewInput } from '../../../domain/invoice-import/invoice-import-service.js';
import { PreviewOut } from './schemas.js';
import { filePart, type FilePartErrors } from '../../http/uploads.js';

type PreviewForm = Omit<PreviewInput, 'document'> & { document: unknown };

const documentPartErrors: FilePartErrors = {
  many: (n) => new DomainError('invalid', 'too_many_documents', `One document per preview: ${n} document parts were sent.`, [{ path: 'document', message: 'sent more than once' }]),
  empty: () => new DomainError('invalid', 'empty_file', 'document must be a non-empty file.', [{ path: 'document', message: 'empty or missing file' }]),
  notFile: () => new DomainError('invalid', 'unsupported_document_type', 'document must be a file sent as multipart/form-data.', [{ path: 'document', message: 'not a file' }]),
};

/** hapi's own ceiling on the request; the configured INVOICE_MAX_BYTES (at most 64 MiB) is checked by the service. */
const UPLOAD_CEILING = 64 * 1024 * 1024 + 256 * 1024;

export default {
  method: 'POST',
  path: '/api/invoice-import/preview/',
  options: {
    tags: ['api', 'invoice-import'],
    description: 'Parse an invoice document into a preview session',
    notes: [
      `multipart/form-data: \`document\` (${ACCEPTED_TYPES}; the type is read from the bytes), \`inventory_id\` and \`storage_box_id\` (both in the caller's scope, else 404; the box must be in that inventory, else 400 storage_box_mismatch) and \`product_family_name\` (where new products go at bulk store; may also be given then).`,
      'The document is stored, then parsed by a job on the sandboxed `invoices` queue: an embedded Factur-X/ZUGFeRD/UBL XML wins over the printed text; scanned pages and photos are read by OCR. The call waits up to JOB_WAIT_MS (default 25 s): 200 with the preview, or 202 with job_id — poll GET /api/jobs/{id}/ (its result holds session_id; read GET /api/invoice-import/sessions/{id}/) or receive job.completed on /ws/notifications/.',
      'Each line is matched against the scope\'s products (barcode, then SKU, then name similarity) and is `ready` or `needs_review` with its reasons; it comes prefilled as a bulk-store line.',
      'Bad documents: 400 empty_file, 400 too_many_documents (more than one document part), 400 unsupported_document_type, 400 document_too_large (INVOICE_MAX_BYTES, default 20 MiB); 422 document_encrypted, document_corrupt, document_empty (nothing readable), ocr_timeout, page_too_large (a scanned page over 14,400 pt a side, or too big to render legibly within RENDER_MAX_PIXELS), document_too_complex (a PDF whose compressed contents decode to more than 64 MiB: a decompression bomb). At most INVOICE_PREVIEWS_PER_MINUTE (default 120) previews per user per minute (429).',
    ].join('\n\n'),
    payload: {
      output: 'data',
      parse: true,
      multipart: { output: 'annotated' },
      maxBytes: UPLOAD_CEILING,
      allow: ['multipart/form-data'],
      failAction(_request, _h, err) {
        const status = (err as { output?: { statusCode?: number } }).output?.statusCode;
        if (status === 413) throw new DomainError('invalid', 'document_too_large', 'document is larger than the upload limit.', [{ path: 'document', message: 'file too large' }]);
        if (status === 415) throw new DomainError('invalid', 'invalid_upload', 'Send the document as multipart/form-data.', [{ path: 'document', message: 'not multipart/form-data' }]);
        throw new DomainError('invalid', 'invalid_upload', 'The multipart body could not be read.', null);
      },
    },
    validate: {
      payload: Joi.object({
        document: Joi.any().meta({ swaggerType: 'file' }).required().description('the invoice document'),
        inventory_id: id.required().description('inventory the stock goes to'),
        storage_box_id: id.required().description('storage box (in that inventory) the stock goes to'),
        product_family_name: Joi.string().trim().max(150).allow('').default('').description('family for products created at bulk store'),
      }).label('InvoicePreviewIn'),
    },
    response: { status: { 200: PreviewOut, 202: JobAccepted } },
    plugins: { 'hapi-swagger': { ...errorDocs(400, 401, 403, 404, 422, 429, 503)['hapi-swagger'], payloadType: 'form' } },
  },
  async handler(request, h) {
    const who = actor(request);
    const imports = request.server.app.services.invoiceImport;
    const form = request.payload as PreviewForm;
    const outcome = await imports.preview(who, { ...form, document: filePart(form.document, documentPartErrors) });
    if (!outcome.done) return jobAccepted(h, outcome, notificationsWsUrl(request.server.app.platform.config.publicBaseUrl));
    // a type only the parser could tell apart (XML with a DTD, say) is the same 400 as one refused at upload
    if (outcome.status.state === 'failed') throw jobFailure(outcome, outcome.status.error?.code === 'unsupported_document_type' ? 'invalid' : 'unprocessable');
    return imports.previewOf(who, outcome.status.result as ParseResult);
  },
} satisfies ServerRoute;
