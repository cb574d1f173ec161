// GET /api/barcode-scans/{id}/image/: the photo a scan was decoded from. Uploaded
// photos are private (never under /media/): only the user who scanned, in the scope
// of the scan, gets it.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'GET',
  path: '/api/barcode-scans/{id}/image/',
  options: {
    tags: ['api', 'barcode-scans'],
    description: 'The photo a barcode scan was read from (the scan\'s image_url)',
    notes: 'Only the caller\'s own scans in the active scope; a scan typed by hand has no photo (404).',
    validate: { params: Joi.object({ id: id.required() }) },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request, h) {
    const photo = await request.server.app.services.catalog.barcodes.photo(actor(request), (request.params as { id: number }).id);
    return h.response(photo.data).type(photo.contentType).header('Cache-Control', 'private, no-store');
  },
} satisfies ServerRoute;
