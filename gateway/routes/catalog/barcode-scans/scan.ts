import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { JobAccepted } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { jobAccepted, jobFailure, notificationsWsUrl } from '../../respond.js';
import { uploadPayload } from '../../collection-routes.js';
import { imagePartErrors, readUpload } from '../../../http/uploads.js';
import { ANALYSIS_MAX_BYTES } from '../../../../domain/catalog/media-analysis-service.js';
import { ScanResultOut } from './schemas.js';

const IMAGE_PART = imagePartErrors('image', 'image must be a non-empty image file.');

export default {
  method: 'POST',
  path: '/api/scan-barcode/',
  options: {
    tags: ['api', 'barcode-scans'],
    description: 'Scan a barcode: validate it, find the products carrying it and where they are stocked',
    notes: [
      'JSON {"code": "4006381333931"} (or form field `code`): the code must be an EAN-8, UPC-A, EAN-13 or GTIN-14 (spaces/hyphens ignored).',
      'Not 8/12/13/14 digits: 400 invalid_barcode. Wrong check digit: 400 invalid_check_digit, details[0] has symbology, expected_check_digit and given_check_digit (the scan is kept in history with is_valid=false).',
      'A valid code matches the scope\'s product variants by any GTIN spelling (UPC-A = EAN-13 with a leading 0). Unknown code: 200 with found=false, matches=[] and a message. Known: found=true with each variant, its product and family, and its stock (inventory items with inventory/storage/box names and quantities).',
      'Every scan is recorded in the caller\'s history (GET /api/barcode-scans/).',
      'A photo instead: multipart/form-data with `image` (PNG, JPEG, WebP, TIFF or GIF, at most 10 MiB; 415/413/400 otherwise). It is decoded by a job (queue media); the call waits up to `wait` ms (default and maximum JOB_WAIT_MS) and answers the same result with job_id, or 202 with job_id/poll_url (the result also arrives as job.completed on /ws/notifications/). No readable barcode: 422 barcode_not_detected.',
    ].join('\n\n'),
    payload: uploadPayload(ANALYSIS_MAX_BYTES + 64 * 1024),
    validate: {
      payload: Joi.object({
        code: Joi.alternatives().try(Joi.string().trim().min(1).max(64), Joi.number().integer().min(0).custom((v: number) => String(v))).description('the barcode digits'),
        image: Joi.any().meta({ swaggerType: 'file' }).description('a photo of the barcode (multipart)'),
        wait: Joi.number().integer().min(0).max(120000).description('photo scans: ms to wait for the result before answering 202'),
      })
        .xor('code', 'image')
        .messages({ 'object.missing': 'Send either code (the digits) or image (a photo of the barcode).', 'object.xor': 'Send either code or image, not both.' })
        .label('ScanBarcodeIn'),
      query: Joi.object({ wait: Joi.number().integer().min(0).max(120000) }),
    },
    response: { status: { 200: ScanResultOut, 202: JobAccepted } },
    plugins: { 'hapi-swagger': { ...errorDocs(400, 401, 403, 413, 415, 422, 429, 503)['hapi-swagger'], payloadType: 'form' } },
  },
  async handler(request, h) {
    const who = actor(request);
    const body = request.payload as { code?: string; image?: unknown; wait?: number };
    const { catalog } = request.server.app.services;
    if (body.code !== undefined) return catalog.barcodes.scan(who, body.code);
    const outcome = await catalog.analysis.scanPhoto(who, await readUpload(body.image, IMAGE_PART), catalog.analysis.waitMs(body.wait ?? (request.query as { wait?: number }).wait));
    if (!outcome.done) return jobAccepted(h, outcome, notificationsWsUrl(request.server.app.platform.config.publicBaseUrl));
    if (outcome.status.state === 'failed') throw jobFailure(outcome);
    return { ...(outcome.status.result as object), job_id: outcome.status.id };
  },
} satisfies ServerRoute;
