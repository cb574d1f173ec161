import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { JobAccepted } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { jobAccepted, jobFailure, notificationsWsUrl } from '../../respond.js';
import { uploadPayload } from '../../collection-routes.js';
import { imagePartErrors, readUpload } from '../../../http/uploads.js';
import { ANALYSIS_MAX_BYTES } from '../../../../domain/catalog/media-analysis-service.js';

export const OcrResultOut = Joi.object({
  job_id: Joi.string().required(),
  status: Joi.string().valid('completed').required(),
  text: Joi.string().allow('').required().description('the recognised text, lines separated by \\n'),
  lines: Joi.array()
    .items(Joi.object({ text: Joi.string(), confidence: Joi.number().description('0–100'), bbox: Joi.object({ x0: Joi.number(), y0: Joi.number(), x1: Joi.number(), y1: Joi.number() }).label('OcrBoundingBox') }).label('OcrLine'))
    .required(),
  confidence: Joi.number().required().description('mean confidence of the page, 0–100'),
  language: Joi.string().required(),
  width: Joi.number().integer().description('pixels of the image as recognised (large images are scaled to 4000 px)'),
  height: Joi.number().integer(),
  duration_ms: Joi.number().integer(),
  truncated: Joi.boolean().description('text over 100,000 characters or 2,000 lines is cut'),
}).label('OcrResult');

const IMAGE_PART = imagePartErrors('image', 'image must be a non-empty image file.');

export default {
  method: 'POST',
  path: '/api/process-image/',
  options: {
    tags: ['api', 'ocr'],
    description: 'OCR an image: the text with per-line confidence',
    notes: [
      'multipart/form-data with `image`: PNG, JPEG, WebP, TIFF or GIF, at most 10 MiB (type checked by the bytes: 415 otherwise; 413 too big; 400 empty_file). English (tesseract LSTM).',
      'The image is stored and recognised by a job on the sandboxed media queue. The call waits up to `wait` ms (form field or query; default and maximum JOB_WAIT_MS): 200 with the result, or 202 with job_id and poll_url — poll GET /api/jobs/{id}/ (the result is in `result`) or receive job.completed on /ws/notifications/.',
      'Each image counts as one OCR page of the scope\'s plan for the month: 402 plan_limit_reached past it. An image that does not decode: 422 unreadable_image; recognition over OCR_TIMEOUT_MS: 422 ocr_timeout. At most 30 OCR requests per user per minute (429).',
    ].join('\n\n'),
    payload: uploadPayload(ANALYSIS_MAX_BYTES + 64 * 1024),
    validate: {
      payload: Joi.object({
        image: Joi.any().meta({ swaggerType: 'file' }).required().description('the image to read'),
        wait: Joi.number().integer().min(0).max(120000).description('ms to wait for the result before answering 202'),
      }).label('ProcessImageIn'),
      query: Joi.object({ wait: Joi.number().integer().min(0).max(120000) }),
    },
    response: { status: { 200: OcrResultOut, 202: JobAccepted } },
    plugins: { 'hapi-swagger': { ...errorDocs(400, 401, 402, 413, 415, 422, 429, 503)['hapi-swagger'], payloadType: 'form' } },
  },
  async handler(request, h) {
    const body = request.payload as { image: unknown; wait?: number };
    const { analysis } = request.server.app.services.catalog;
    const outcome = await analysis.ocr(actor(request), await readUpload(body.image, IMAGE_PART), analysis.waitMs(body.wait ?? (request.query as { wait?: number }).wait));
    if (!outcome.done) return jobAccepted(h, outcome, notificationsWsUrl(request.server.app.platform.config.publicBaseUrl));
    if (outcome.status.state === 'failed') throw jobFailure(outcome);
    return { job_id: outcome.status.id, status: 'completed', ...(outcome.status.result as object) };
  },
} satisfies ServerRoute;
