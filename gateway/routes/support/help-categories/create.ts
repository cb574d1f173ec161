import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { HelpCategoryCreateIn, HelpCategoryOut } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/help-categories/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'help-categories'],
    description: 'Create a help category (staff)',
    notes: 'slug unique (409 slug_taken); name is English, other languages go in translations.',
    validate: { payload: HelpCategoryCreateIn },
    response: { status: { 201: HelpCategoryOut } },
    plugins: errorDocs(400, 401, 403, 409),
  },
  async handler(request, h) {
    const viewer = await supportViewer(request);
    return h.response(await request.server.app.services.support.categories.create(actor(request).userId, request.payload as never, viewer.languages)).code(201);
  },
} satisfies ServerRoute;
