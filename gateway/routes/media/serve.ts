import type { ServerRoute } from '@hapi/hapi';

// Uploaded media (product images, icons). Names are content hashes, so they can be
// cached forever.
export default {
  method: 'GET',
  path: '/media/{path*}',
  options: {
    auth: false,
    description: 'Uploaded media files',
    cache: { expiresIn: 365 * 86_400_000, privacy: 'public' },
  },
  handler: {
    directory: { path: (request) => request.server.app.platform.config.mediaRoot, redirectToSlash: false, index: false, listing: false, showHidden: false },
  },
} satisfies ServerRoute;
