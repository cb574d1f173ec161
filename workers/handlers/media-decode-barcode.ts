import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { decodeBarcodes } from '../barcodes/decode.js';
import { UnreadableImage } from '../ocr/recognize.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import { readMediaOrFail } from './media-input.js';
import { actorFor } from '../../domain/shared/actor.js';

/**
 * Decodes a barcode photo (sandboxed `media` child), then does what a typed scan does:
 * look the code up in the caller's scope and record the scan (once per job id, so a
 * retried job does not record twice). Returns the scan result.
 */
export const mediaDecodeBarcode: Handler<'media.decode-barcode'> = async (job, ctx) => {
  const image = await readMediaOrFail(ctx, job.data.media_path);
  let decoded;
  try {
    decoded = await decodeBarcodes(image);
  } catch (err) {
    if (err instanceof UnreadableImage) throw new UnrecoverableError(`unreadable_image: ${err.message}`);
    throw err;
  }
  if (decoded.length === 0) {
    throw new UnrecoverableError('barcode_not_detected: No EAN/UPC/GTIN barcode could be read from the image; try a sharper, closer photo or type the code.');
  }
  const { actor_id, scope } = job.data;
  try {
    return await ctx.services.catalog.barcodes.scanDecoded(
      actorFor(actor_id, { type: scope.type, userId: actor_id, teamId: scope.team_id, role: null }),
      decoded,
      { jobId: String(job.id), mediaPath: job.data.media_path },
    );
  } catch (err) {
    // a domain answer (e.g. barcode_not_gtin) is final; the job error carries its code
    if (err instanceof DomainError) throw new UnrecoverableError(`${err.code}: ${err.message}`);
    throw err;
  }
};
