import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { projectedDocs, SCOPE_NOTE } from '../schemas.js';
import { ProductParams } from './read.js';

export default {
  method: 'DELETE',
  path: '/restqlapi/products/{product_id}/record-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Delete a product',
    notes: ['204 with no body. Refused with 409 product_in_stock while an inventory item holds stock of it; its variants, tags and images go with it (image files once no row uses them).', SCOPE_NOTE].join('\n\n'),
    validate: { params: ProductParams },
    plugins: projectedDocs(204, null, false, [400, 401, 403, 404, 409]),
  },
  async handler(request, h) {
    await request.server.app.services.projectedCatalog.catalog.deleteProduct(actor(request), (request.params as { product_id: number }).product_id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
