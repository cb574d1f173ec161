import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { includeInactive } from '../tickets/text.js';
import { supportViewer } from '../tickets/viewer.js';
import { TicketTypeOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/support-ticket-types/',
  options: {
    tags: ['api', 'support-ticket-types'],
    description: 'Ticket types (active ones, translated, by sort_order)',
    notes: 'An array of {slug, name, description, sort_order} (no pages). Names and descriptions are translated: the first of the Accept-Language languages (by q), the profile language, English. Staff may add include_inactive=true to see inactive types with is_active and translations.',
    validate: { query: Joi.object({ include_inactive: includeInactive }).label('SupportTicketTypeListQuery') },
    response: { status: { 200: Joi.array().items(TicketTypeOut).label('SupportTicketTypeList') } },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    const all = viewer.isStaff && (request.query as { include_inactive: boolean }).include_inactive;
    return request.server.app.services.support.types.list(viewer.languages, { includeInactive: all, admin: all });
  },
} satisfies ServerRoute;
