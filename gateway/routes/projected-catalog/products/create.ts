import type { ServerRoute } from '@hapi/hapi';
import type { ProductWriteIn } from '../../../../domain/catalog/product-operation-service.js';
import { actor } from '../../../plugins/scope.js';
import { withUploads } from '../../../http/uploads.js';
import { multipartBody } from '../../../plugins/multipart-as-json.js';
import { writePayload } from '../write-payload.js';
import { fieldsOf, GRAMMAR, ProductCreateIn, productModel, projectedDocs, ProjectionParams, SCOPE_NOTE, WRITE_NOTES } from '../schemas.js';

export default {
  method: 'POST',
  path: '/restqlapi/products/create-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Create a product with nested tags, variants and images (projected answer)',
    notes: [WRITE_NOTES, 'The answer (201) is the new product, projected by `?query=`.', GRAMMAR, fieldsOf(productModel), SCOPE_NOTE].join('\n\n'),
    payload: writePayload,
    ext: { onPostAuth: { method: multipartBody } },
    validate: { query: ProjectionParams, payload: ProductCreateIn },
    plugins: projectedDocs(201, productModel, false, [400, 401, 403, 404, 409, 413, 415]),
  },
  async handler(request, h) {
    const created = await request.server.app.services.projectedCatalog.catalog.createProduct(actor(request), await withUploads(request.payload as ProductWriteIn, ['image']), (request.query as { query?: string }).query);
    return h.response(created).code(201);
  },
} satisfies ServerRoute;
