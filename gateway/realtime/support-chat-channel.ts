// The AI support chat socket, /ws/support/ai-chat/?token=<ACCESS_TOKEN>. Every message
// is {type, data}; the server sends support.chat.ready first. A failure of any kind is
// a support.chat.error {code, message} and the socket stays open. Replies are written
// by the `ai` worker and reach the user's chat sockets on whichever gateway instance
// holds them (a channel event carrying ids; this instance reads and decrypts).
import Joi from 'joi';
import type { Server } from '@hapi/hapi';
import type { Connection, SocketHub } from './socket-hub.js';
import type { Actor } from '../../domain/shared/actor.js';
import { socketActor } from '../plugins/scope.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import { SUPPORT_CHAT_PATH } from '../../domain/support/chat/chat-answer-service.js';
import type { MessageView, ReplyView, SessionView } from '../../domain/support/chat/chat-views.js';

export type SupportChatServerMessage =
  | { type: 'support.chat.ready'; data: Record<string, never> }
  | { type: 'support.chat.session.created'; data: { session: SessionView } }
  | { type: 'support.chat.sessions'; data: { count: number; page: number; page_size: number; sessions: SessionView[] } }
  | { type: 'support.chat.session'; data: { session: SessionView; messages: MessageView[] } }
  | { type: 'support.chat.message.saved'; data: { session_id: string; message: MessageView; session: SessionView } }
  | { type: 'support.chat.reply'; data: ReplyView }
  | { type: 'support.chat.ticket.created'; data: { session_id: string; created: boolean; ticket: Record<string, unknown> } }
  | { type: 'support.chat.error'; data: { code: string; message: string; details?: unknown; request_type?: string } };

export const LANGUAGE = Joi.string().trim().pattern(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/).max(16).messages({ 'string.pattern.base': 'language must be a language code such as en or de-AT' });
const sessionId = Joi.string().guid().required().messages({ 'string.guid': 'session_id must be a uuid', 'any.required': 'session_id is required' });
const requestId = Joi.string().max(100);

const SCHEMAS: Record<string, Joi.ObjectSchema> = {
  'support.chat.sessions.create': Joi.object({ language: LANGUAGE.default('en'), request_id: requestId }),
  'support.chat.sessions.list': Joi.object({ page: Joi.number().integer().min(1).max(100000).default(1), page_size: Joi.number().integer().min(1).max(100).default(20), request_id: requestId }),
  'support.chat.sessions.get': Joi.object({ session_id: sessionId, request_id: requestId }),
  // the message itself is checked by the service (empty_message, message_too_long)
  'support.chat.message.send': Joi.object({ session_id: sessionId, message: Joi.any(), request_id: requestId }),
  'support.chat.ticket.create': Joi.object({
    session_id: sessionId,
    consent: Joi.boolean().strict().required(),
    subject: Joi.string().trim().min(1).max(200),
    description: Joi.string().trim().min(1).max(10000),
    ticket_type: Joi.string().trim().min(1).max(100),
    priority: Joi.string().valid('low', 'medium', 'high', 'urgent'),
    request_id: requestId,
  }),
};

class SocketInputError extends DomainError {}

function validate<T>(type: string, data: unknown): T {
  // no data (or null) is an empty object: sessions.list needs none
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    throw new SocketInputError('invalid', 'validation_error', '"data" must be an object.', [{ path: 'data', message: 'must be an object' }]);
  }
  const { error, value } = SCHEMAS[type].validate(data ?? {}, { abortEarly: false, stripUnknown: true });
  if (error) {
    const details = error.details.map((d) => ({ path: d.path.join('.'), message: d.message.replace(/"/g, ''), type: d.type }));
    throw new SocketInputError('invalid', 'validation_error', `Invalid ${type}: ${details.map((d) => d.message).join('; ')}`, details);
  }
  return value as T;
}

function isEmptyMessage(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const m = (data as { message?: unknown }).message;
  return m === undefined || m === null || (typeof m === 'string' && m.trim() === '');
}

type ChatService = Server['app']['services']['supportChat']['chat'];
type Log = Server['app']['platform']['log'];

/** One client request, validated and carried out: the message that answers it. */
async function answerChatRequest(chat: ChatService, actor: Actor, type: string, data: unknown): Promise<SupportChatServerMessage> {
  switch (type) {
    case 'support.chat.sessions.create': {
      const input = validate<{ language: string }>(type, data);
      return { type: 'support.chat.session.created', data: { session: await chat.createSession(actor, input.language) } };
    }
    case 'support.chat.sessions.list': {
      const input = validate<{ page: number; page_size: number }>(type, data);
      const { count, sessions } = await chat.listSessions(actor, input.page, input.page_size);
      return { type: 'support.chat.sessions', data: { count, page: input.page, page_size: input.page_size, sessions } };
    }
    case 'support.chat.sessions.get': {
      const input = validate<{ session_id: string }>(type, data);
      return { type: 'support.chat.session', data: await chat.getSession(actor, input.session_id) };
    }
    case 'support.chat.message.send': {
      // an empty message is reported as such before anything else is looked at
      if (isEmptyMessage(data)) chat.checkMessage('');
      const input = validate<{ session_id: string; message: unknown }>(type, data);
      const saved = await chat.sendMessage(actor, input.session_id, input.message);
      return { type: 'support.chat.message.saved', data: { session_id: input.session_id, message: saved.message, session: saved.session } };
    }
    case 'support.chat.ticket.create': {
      const { session_id, consent, request_id: _r, ...overrides } = validate<{ session_id: string; consent: boolean; request_id?: string; subject?: string; description?: string; ticket_type?: string; priority?: 'low' }>(type, data);
      return { type: 'support.chat.ticket.created', data: await chat.createTicket(actor, session_id, consent, overrides) };
    }
    default:
      throw new SocketInputError('invalid', 'unknown_type', `Unknown message type "${type.slice(0, 100)}".`, { known_types: Object.keys(SCHEMAS) });
  }
}

/** Any failure as the chat error the client sees; only unexpected ones are logged. */
function chatErrorFor(err: unknown, log: Log, requestType?: string): SupportChatServerMessage {
  let code = 'internal_error';
  let message = 'The message could not be handled.';
  let details: unknown;
  if (err instanceof DomainError) {
    ({ code, message } = err);
    details = err.details ?? undefined;
  } else if ((err as Error)?.name === 'QueueUnavailable') {
    code = 'queue_unavailable';
    message = 'The assistant is unavailable right now; retry shortly.';
  } else {
    log.error({ err, type: requestType }, 'support chat message failed');
  }
  return { type: 'support.chat.error', data: { code, message, ...(details ? { details } : {}), ...(requestType ? { request_type: requestType } : {}) } };
}

export function registerSupportChatChannel(server: Server, hub: SocketHub): void {
  const chat = () => server.app.services.supportChat.chat;

  const send = (conn: Connection, message: SupportChatServerMessage, requestId?: string) =>
    conn.send(requestId ? { type: message.type, data: { ...message.data, request_id: requestId } } : message);

  hub.channel(SUPPORT_CHAT_PATH, {
    onOpen(conn) {
      send(conn, { type: 'support.chat.ready', data: {} });
    },
    // the hub's own refusals (malformed frames, message rate) are worded as chat errors too
    errorMessage(code, message, extra = {}) {
      return { type: 'support.chat.error', data: { code, message, ...extra } };
    },
    async onMessage(conn, { type, data }) {
      const requestId = typeof (data as { request_id?: unknown })?.request_id === 'string' ? String((data as { request_id: string }).request_id).slice(0, 100) : undefined;
      try {
        send(conn, await answerChatRequest(chat(), socketActor(conn.principal), type, data), requestId);
      } catch (err) {
        send(conn, chatErrorFor(err, server.app.platform.log, type.slice(0, 100)), requestId);
      }
    },
    async onEvent(conns, event, data) {
      if (event !== 'reply.ready') return;
      const reply = await chat().replyFor(socketActor(conns[0].principal), String(data.question_id));
      if (!reply) return;
      for (const conn of conns) send(conn, { type: 'support.chat.reply', data: reply });
    },
  });
}
