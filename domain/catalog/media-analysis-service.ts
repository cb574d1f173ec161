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
import type { PlanLimits } from '../billing/plan-limits.js';
import type { Upload } from '../media/upload.js';

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

  /** One image is one page of the scope's monthly OCR allowance (402 past the plan's). */
  async ocr(actor: Actor, image: Upload, waitMs: number): Promise<Outcome> {
    await this.limits.consume(OCR_LIMIT, actor.userId);
    await this.planLimits?.meter(actor.scope, 'ocr_pages_per_month');
    const file = await this.media.saveUpload(image, rule('image'), 'ocr');
    return this.jobs.run('media.ocr', { actor_id: actor.userId, media_path: file.path }, waitMs, actor.requestId);
  }

  async scanPhoto(actor: Actor, image: Upload, waitMs: number): Promise<Outcome> {
    const { scope } = actor;
    await this.limits.consume(BARCODE_PHOTO_LIMIT, scope.userId);
    const file = await this.media.saveUpload(image, rule('image'), 'barcode-photos');
    return this.jobs.run('media.decode-barcode', { actor_id: scope.userId, media_path: file.path, scope: { type: scope.type, team_id: scope.teamId } }, waitMs, actor.requestId);
  }
}
