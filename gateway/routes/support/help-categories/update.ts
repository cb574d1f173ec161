import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { categoryId, HelpCategoryOut, HelpCategoryPatchIn } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'PATCH',
  path: '/api/help-categories/{id}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'help-categories'],
    description: 'Change a help category (staff)',
    notes: 'Only the fields sent change; translations, when sent, replace all translations.',
    validate: { params: categoryId, payload: HelpCategoryPatchIn },
    response: { status: { 200: HelpCategoryOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    return request.server.app.services.support.categories.update(actor(request).userId, (request.params as { id: string }).id, request.payload as never, viewer.languages);
  },
} satisfies ServerRoute;
