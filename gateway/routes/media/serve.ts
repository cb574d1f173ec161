import type { ServerRoute } from '@hapi/hapi';
import { NotFound } from '../../../jobs/runtime/errors.js';

// Public media: product images and inventory icons, under content-hash names, so
// they can be cached forever. Everything else under MEDIA_ROOT (OCR uploads,
// barcode photos, invoice documents) is private and never served here.
export const PUBLIC_MEDIA_FOLDERS = ['products', 'inventory-icons'];

export default {
  method: 'GET',
  path: '/media/{path*}',
  options: {
    auth: false,
    description: 'Public media files (product images, inventory icons)',
    cache: { expiresIn: 365 * 86_400_000, privacy: 'public' },
    pre: [
      {
        method: (request, h) => {
          const folder = String(request.params.path ?? '').split('/')[0];
          if (!PUBLIC_MEDIA_FOLDERS.includes(folder)) throw new NotFound('File');
          return h.continue;
        },
      },
    ],
  },
  handler: {
    directory: { path: (request) => request.server.app.platform.config.mediaRoot, redirectToSlash: false, index: false, listing: false, showHidden: false },
  },
} satisfies ServerRoute;
