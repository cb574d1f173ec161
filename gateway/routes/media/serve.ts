// Public media: product images and inventory icons, under content-hash names, so
// they can be cached forever. One handler per public folder, each rooted at its own
// folder (inert confines a file to its root), so no path can reach a sibling folder.
// Everything else under MEDIA_ROOT (invoice documents, OCR uploads, barcode photos)
// is private and has no route here. Paths with `..`, `.`, backslashes or encoded
// slashes are refused before routing (plugins/media-paths.ts).
import path from 'node:path';
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { NotFound } from '../../../jobs/runtime/errors.js';

export const PUBLIC_MEDIA_FOLDERS = ['products', 'inventory-icons'] as const;

/** What MediaStore writes: `<first two hex digits>/<sha256>.<ext>`. */
const CONTENT_HASH_PATH = /^[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

const folderRoute = (folder: (typeof PUBLIC_MEDIA_FOLDERS)[number]): ServerRoute => ({
  method: 'GET',
  path: `/media/${folder}/{path*}`,
  options: {
    auth: false,
    description: `Public media files: ${folder}`,
    cache: { expiresIn: 365 * 86_400_000, privacy: 'public' },
    validate: {
      // anything but a content-hash name is not a file we wrote: 404, not a validation error
      params: Joi.object({ path: Joi.string().pattern(CONTENT_HASH_PATH).required() }),
      failAction: () => {
        throw new NotFound('File');
      },
    },
  },
  handler: {
    directory: { path: (request) => path.join(request.server.app.platform.config.mediaRoot, folder), redirectToSlash: false, index: false, listing: false, showHidden: false },
  },
});

export default PUBLIC_MEDIA_FOLDERS.map(folderRoute);
