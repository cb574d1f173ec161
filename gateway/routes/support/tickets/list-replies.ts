import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { pageAt } from '../../collection-routes.js';
import { ReplyList, ReplyListQuery, ticketId } from './schemas.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

export default {
  method: 'GET',
  path: '/api/support-tickets/{id}/replies/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Page through a ticket\'s replies, oldest first (owner or staff)',
    notes: [
      'Pages like every list: {count, next, previous, results} with page and page_size (max 100). A ticket read embeds only its latest replies; this is the whole conversation.',
      'Staff-internal notes are left out (and not counted) unless the reader is staff.',
    ].join('\n\n'),
    validate: { params: ticketId, query: ReplyListQuery },
    response: { status: { 200: ReplyList } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    const { page, page_size } = request.query as { page: number; page_size: number };
    const { count, results } = await request.server.app.services.support.tickets.replies(actor(request), (request.params as { id: string }).id, page, page_size, acceptLanguage(request));
    return { count, ...pageLinks(pageAt(request), count, page, page_size), results };
  },
} satisfies ServerRoute;
