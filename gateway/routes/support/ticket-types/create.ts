import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { TicketTypeCreateIn, TicketTypeOut } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/support-ticket-types/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'support-ticket-types'],
    description: 'Create a ticket type (staff)',
    notes: 'slug unique (409 slug_taken); name is English, other languages go in translations. Tickets match a type by slug or any of its names, case-insensitively, in sort_order.',
    validate: { payload: TicketTypeCreateIn },
    response: { status: { 201: TicketTypeOut } },
    plugins: errorDocs(400, 401, 403, 409),
  },
  async handler(request, h) {
    const viewer = await supportViewer(request);
    return h.response(await request.server.app.services.support.types.create(actor(request).userId, request.payload as never, viewer.languages)).code(201);
  },
} satisfies ServerRoute;
