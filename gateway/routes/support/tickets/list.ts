import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { pageAt } from '../../collection-routes.js';
import type { TicketListParams } from '../../../../domain/support/ticket-search.js';
import { TicketList, TicketListQuery } from './schemas.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

export default {
  method: 'GET',
  path: '/api/support-tickets/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'List tickets: a user sees their own, staff see all',
    notes: [
      'Pages like every list: {count, next, previous, results} with page and page_size (max 100).',
      'Filters: status and priority (comma lists), ticket_type (comma list of slugs), assigned_to (a user id, me or none), user (staff: one owner).',
      'search: whole words (accents and case ignored) of ticket_number, subject and description; every word of the query must occur. Descriptions are encrypted, so search runs on a keyed blind index of their words, and each hit is decrypted and checked again.',
      'ordering: created_at, updated_at, priority (severity), status (life cycle); "-" for descending; default -created_at.',
    ].join('\n\n'),
    validate: { query: TicketListQuery },
    response: { status: { 200: TicketList } },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const params = request.query as unknown as TicketListParams;
    const { count, results } = await request.server.app.services.support.search.list(actor(request), params, acceptLanguage(request));
    return { count, ...pageLinks(pageAt(request), count, params.page, params.page_size), results };
  },
} satisfies ServerRoute;
