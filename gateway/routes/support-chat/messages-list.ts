import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../plugins/errors.js';
import { actor } from '../../plugins/scope.js';
import { ChatMessageListOut, sessionIdParam } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/v1/support/chat/sessions/{session_id}/messages/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'The messages of one of the caller\'s chat sessions, oldest first',
    notes: 'Questions and replies (the latest 500). A reply that is still being prepared appears once it is written.',
    validate: { params: sessionIdParam },
    response: { status: { 200: ChatMessageListOut } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    const { messages } = await request.server.app.services.supportChat.chat.getSession(actor(request).userId, (request.params as { session_id: string }).session_id);
    return { count: messages.length, results: messages };
  },
} satisfies ServerRoute;
