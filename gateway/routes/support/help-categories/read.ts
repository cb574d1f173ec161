import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { categoryId, HelpCategoryOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/help-categories/{id}/',
  options: {
    tags: ['api', 'help-categories'],
    description: 'One help category (inactive ones: staff only)',
    validate: { params: categoryId },
    response: { status: { 200: HelpCategoryOut } },
    plugins: errorDocs(401, 404),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    return request.server.app.services.support.categories.get((request.params as { id: string }).id, viewer.languages, viewer.isStaff);
  },
} satisfies ServerRoute;
