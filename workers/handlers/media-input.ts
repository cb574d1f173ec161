import { UnrecoverableError } from 'bullmq';
import type { HandlerContext } from '../registry.js';

/** The uploaded file a media job points at; a missing file cannot be fixed by retrying. */
export async function readMediaOrFail(ctx: HandlerContext, mediaPath: string): Promise<Buffer> {
  try {
    return await ctx.services.media.read(mediaPath);
  } catch {
    throw new UnrecoverableError('image_missing: The uploaded image is no longer available; upload it again.');
  }
}
