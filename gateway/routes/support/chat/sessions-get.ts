import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { ChatSessionDetailOut, sessionIdParam } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/v1/support/chat/sessions/{session_id}/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'One of the caller\'s chat sessions with its messages (decrypted)',
    notes: "Another user's session is 404 session_not_found, like an unknown one.",
    validate: { params: sessionIdParam },
    response: { status: { 200: ChatSessionDetailOut } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    const { session, messages } = await request.server.app.services.supportChat.chat.getSession(actor(request), (request.params as { session_id: string }).session_id);
    return { ...session, messages };
  },
} satisfies ServerRoute;
