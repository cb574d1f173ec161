import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { LANGUAGE } from '../../../realtime/support-chat-channel.js';
import { ChatSessionOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/v1/support/chat/sessions/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'Start an AI support chat session',
    notes: 'The session answers in `language` (default `en`; articles of that language are searched, English when there are none). Sessions and their messages are stored encrypted and readable by their owner only.',
    validate: { payload: Joi.object({ language: LANGUAGE.default('en').description('language code, e.g. en, de, fr, es') }).allow(null).label('ChatSessionIn') },
    response: { status: { 201: ChatSessionOut } },
    // no body at all is a session in English
    plugins: { ...errorDocs(400, 401, 429), platform: { bodyOptional: true } },
  },
  async handler(request, h) {
    const { language } = (request.payload as { language?: string } | null) ?? {};
    const session = await request.server.app.services.supportChat.chat.createSession(actor(request), language ?? 'en');
    return h.response(session).code(201);
  },
} satisfies ServerRoute;
