import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { ChatReplyOut, sessionIdParam } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/v1/support/chat/sessions/{session_id}/messages/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'Ask the AI support assistant; answers with its reply',
    notes: [
      'The question is saved (encrypted) and answered by an `ai.answer-chat-message` job (queue `ai`); the call waits for the reply, at most 45 s (AI_ANSWER_TIMEOUT_MS) from the moment the question was saved, else 504 `answer_timeout` (the reply is saved to the session when it comes).',
      'The reply cites only FAQ articles retrieved for this question. With `should_offer_ticket` true, ask the user for consent and call POST .../ticket/ with `{"consent": true}`: nothing creates a ticket without it.',
      'Errors: 400 `empty_message` (empty or blank), 400 `message_too_long` (over AI_MAX_MESSAGE_CHARS, default 4,000 characters), 404 `session_not_found` (unknown or another user\'s), 429 `rate_limited` (AI_MESSAGES_PER_MINUTE, default 30 per user) or `answers_pending` (AI_MAX_PENDING_PER_USER questions still waiting), 503 `queue_unavailable`.',
    ].join('\n\n'),
    validate: {
      params: sessionIdParam,
      // the text is checked by the service so that an empty one is `empty_message`
      payload: Joi.object({ message: Joi.any().required().description('the question (string, at most 4,000 characters)') }).label('ChatMessageIn'),
    },
    response: { status: { 200: ChatReplyOut } },
    plugins: errorDocs(400, 401, 404, 429, 503, 504),
  },
  async handler(request) {
    const { session_id } = request.params as { session_id: string };
    return request.server.app.services.supportChat.chat.ask(actor(request), session_id, (request.payload as { message: unknown }).message);
  },
} satisfies ServerRoute;
