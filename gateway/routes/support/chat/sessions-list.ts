import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { pageAt } from '../../collection-routes.js';
import { pageQuery } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { ChatSessionPageOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/v1/support/chat/sessions/',
  options: {
    tags: ['api', 'support-chat'],
    description: "The caller's AI support chat sessions, most recently active first",
    validate: { query: Joi.object(pageQuery) },
    response: { status: { 200: ChatSessionPageOut } },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const { page, page_size } = request.query as { page: number; page_size: number };
    const { count, sessions } = await request.server.app.services.supportChat.chat.listSessions(actor(request), page, page_size);
    return { count, ...pageLinks(pageAt(request), count, page, page_size), results: sessions };
  },
} satisfies ServerRoute;
