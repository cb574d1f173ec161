import type { ServerRoute } from '@hapi/hapi';
import type { ProductWriteIn } from '../../../../domain/catalog/product-operation-service.js';
import { actor } from '../../../plugins/scope.js';
import { withUploads } from '../../../http/uploads.js';
import { multipartBody } from '../../../plugins/multipart-as-json.js';
import { writePayload } from '../write-payload.js';
import { fieldsOf, GRAMMAR, ProductPatchIn, productModel, projectedDocs, ProjectionParams, SCOPE_NOTE, WRITE_NOTES } from '../schemas.js';
import { ProductParams } from './read.js';

export default {
  method: 'PATCH',
  path: '/restqlapi/products/{product_id}/patch-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Change part of a product, nested rows by operations (projected answer)',
    notes: ['Only the fields given change.', WRITE_NOTES, GRAMMAR, fieldsOf(productModel), SCOPE_NOTE].join('\n\n'),
    payload: writePayload,
    ext: { onPostAuth: { method: multipartBody } },
    validate: { params: ProductParams, query: ProjectionParams, payload: ProductPatchIn },
    plugins: projectedDocs(200, productModel, false, [400, 401, 403, 404, 409, 413, 415]),
  },
  async handler(request) {
    const { product_id } = request.params as { product_id: number };
    return request.server.app.services.projectedCatalog.catalog.patchProduct(actor(request), product_id, await withUploads(request.payload as ProductWriteIn, ['image']), (request.query as { query?: string }).query);
  },
} satisfies ServerRoute;
