import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { recognize, OcrTimeout, UnreadableImage } from '../ocr/recognize.js';
import { readMediaOrFail } from './media-input.js';

/** Caps that keep a job result (stored in Redis, pushed over WebSocket) small. */
const MAX_TEXT = 100_000;
const MAX_LINES = 2_000;

/**
 * OCR of an uploaded image. Runs in the sandboxed `media` child process; the result
 * (text, per-line confidence) is the job's return value — OCR writes no rows.
 */
export const mediaOcr: Handler<'media.ocr'> = async (job, ctx) => {
  const image = await readMediaOrFail(ctx, job.data.media_path);
  try {
    const result = await recognize(image, { timeoutMs: ctx.platform.config.ocrTimeoutMs });
    return { ...result, text: result.text.slice(0, MAX_TEXT), lines: result.lines.slice(0, MAX_LINES), truncated: result.text.length > MAX_TEXT || result.lines.length > MAX_LINES };
  } catch (err) {
    if (err instanceof UnreadableImage) throw new UnrecoverableError(`unreadable_image: ${err.message}`);
    if (err instanceof OcrTimeout) throw new UnrecoverableError(`ocr_timeout: ${err.message}`);
    throw err;
  }
};
