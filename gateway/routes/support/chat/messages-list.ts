import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { pageAt } from '../../collection-routes.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { ChatMessageListOut, sessionIdParam } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/v1/support/chat/sessions/{session_id}/messages/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'The messages of one of the caller\'s chat sessions, oldest first',
    notes: 'Questions and replies (the latest 500), in pages of `page_size` (default and at most 500). A reply that is still being prepared appears once it is written. Other query parameters are 400.',
    validate: { params: sessionIdParam, query: Joi.object({ page: Joi.number().integer().min(1).max(100000).default(1), page_size: Joi.number().integer().min(1).max(500).default(500) }) },
    response: { status: { 200: ChatMessageListOut } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    const { messages } = await request.server.app.services.supportChat.chat.getSession(actor(request), (request.params as { session_id: string }).session_id);
    const { page, page_size } = request.query as { page: number; page_size: number };
    return { count: messages.length, ...pageLinks(pageAt(request), messages.length, page, page_size), results: messages.slice((page - 1) * page_size, page * page_size) };
  },
} satisfies ServerRoute;
