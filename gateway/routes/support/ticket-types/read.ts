import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { TicketTypeOut, typeSlug } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/support-ticket-types/{slug}/',
  options: {
    tags: ['api', 'support-ticket-types'],
    description: 'One ticket type by slug (staff also see inactive ones, with translations)',
    validate: { params: typeSlug },
    response: { status: { 200: TicketTypeOut } },
    plugins: errorDocs(401, 404),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    return request.server.app.services.support.types.get((request.params as { slug: string }).slug, viewer.languages, viewer.isStaff);
  },
} satisfies ServerRoute;
