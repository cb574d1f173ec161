// Picture analysis that runs as jobs on the sandboxed `media` queue: OCR of an
// uploaded image (POST /api/process-image/) and decoding a barcode photo
// (POST /api/scan-barcode/ with an image). The upload is checked and stored under
// MEDIA_ROOT first; the job carries only its path. The caller waits a bounded time
// for the result; otherwise it gets the job id to poll or to await over WebSocket.
import type { Platform } from '../../db/platform.js';
import type { MediaStore, UploadRule } from '../media/media-store.js';
import type { JobService, Outcome } from '../jobs/job-service.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import type { Actor } from '../shared/actor.js';
import type { Scope } from '../shared/scope.js';
import type { PlanLimits } from '../billing/plan-limits.js';

export const ANALYSIS_MAX_BYTES = 10 * 1024 * 1024;
const ANALYSIS_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/tiff', 'image/gif'];
const rule = (field: string): UploadRule => ({ field, types: ANALYSIS_TYPES, maxBytes: ANALYSIS_MAX_BYTES });

/** OCR is the most expensive call a user can make: bounded per user. */
export const OCR_LIMIT: LimitRule = { name: 'ocr', points: 30, durationSeconds: 60, message: 'Too many OCR requests; wait a minute.' };
export const BARCODE_PHOTO_LIMIT: LimitRule = { name: 'barcode-photo', points: 60, durationSeconds: 60, message: 'Too many barcode photos; wait a minute.' };

export class MediaAnalysisService {
  constructor(private readonly platform: Platform, private readonly media: MediaStore, private readonly jobs: JobService, private readonly limits: RateLimits, private readonly planLimits?: PlanLimits) {}

  /** How long an HTTP caller waits: its `wait` (ms) or JOB_WAIT_MS, never more than JOB_WAIT_MS. */
  waitMs(requested: number | undefined): number {
    const max = this.platform.config.jobWaitMs;
    return requested === undefined ? max : Math.min(requested, max);
  }

  /** `scope`: whose monthly OCR pages the image counts against (one image is one page; 402 past the plan's). */
  async ocr(actorId: string, image: unknown, waitMs: number, scope?: Scope): Promise<Outcome> {
    await this.limits.consume(OCR_LIMIT, actorId);
    if (scope) await this.planLimits?.meter(scope, 'ocr_pages_per_month');
    const file = await this.media.save(asFile(image), rule('image'), 'ocr');
    return this.jobs.run('media.ocr', { actor_id: actorId, media_path: file.path }, waitMs);
  }

  async scanPhoto(actor: Actor, image: unknown, waitMs: number): Promise<Outcome> {
    const { scope } = actor;
    await this.limits.consume(BARCODE_PHOTO_LIMIT, scope.userId);
    const file = await this.media.save(asFile(image), rule('image'), 'barcode-photos');
    return this.jobs.run('media.decode-barcode', { actor_id: scope.userId, media_path: file.path, scope: { type: scope.type, team_id: scope.teamId } }, waitMs);
  }
}

/** hapi hands an empty file part over as {} (or an empty Buffer / string) */
export const isEmptyPart = (value: unknown) =>
  value === undefined || value === null || value === '' || (Buffer.isBuffer(value) && value.length === 0) || (typeof value === 'object' && !Buffer.isBuffer(value) && Object.keys(value as object).length === 0);

function asFile(value: unknown): Buffer {
  if (Buffer.isBuffer(value) && value.length > 0) return value;
  if (isEmptyPart(value)) {
    throw new DomainError(400, 'empty_file', 'image must be a non-empty image file.', [{ path: 'image', message: 'empty or missing file' }]);
  }
  throw new DomainError(415, 'unsupported_file_type', 'image must be an image file sent as multipart/form-data.', [{ path: 'image', message: 'not a file' }]);
}
