// Shapes of the AI support chat over REST (the WebSocket sends the same objects).
import Joi from 'joi';

export const sessionIdParam = Joi.object({ session_id: Joi.string().guid().required().description('chat session id (uuid)') });

export const ChatSessionOut = Joi.object({
  id: Joi.string().guid().required(),
  language: Joi.string().required().description('language code the session answers in'),
  title: Joi.string().allow(null).required().description('the first question, shortened (null before one is asked)'),
  message_count: Joi.number().integer().min(0).required(),
  last_message_at: Joi.string().isoDate().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
}).label('ChatSession');

export const CitedArticleOut = Joi.object({
  id: Joi.number().integer().required(),
  slug: Joi.string().required(),
  title: Joi.string().required(),
}).label('CitedArticle');

export const ChatMessageOut = Joi.object({
  id: Joi.string().guid().required(),
  session_id: Joi.string().guid().required(),
  role: Joi.string().valid('user', 'assistant').required(),
  content: Joi.string().allow('').required(),
  created_at: Joi.string().isoDate().required(),
  reply_to: Joi.string().guid().description('assistant: the question it answers'),
  resolved: Joi.boolean(),
  should_offer_ticket: Joi.boolean(),
  ticket_creation_available: Joi.boolean(),
  suggested_actions: Joi.array().items(Joi.string()),
  cited_articles: Joi.array().items(CitedArticleOut),
  engine: Joi.string().valid('offline', 'model'),
  fallback: Joi.string().allow(null).description('timeout | model_error | invalid_output when the model answer was replaced by the offline engine'),
}).label('ChatMessage');

export const ChatReplyOut = Joi.object({
  session: ChatSessionOut.required(),
  message: ChatMessageOut.required().description('the assistant message'),
  user_message: ChatMessageOut.required().description('the question as saved'),
  answer: Joi.string().required().description('the assistant message text (same as message.content)'),
  resolved: Joi.boolean().required(),
  should_offer_ticket: Joi.boolean().required().description('true: ask the user for consent, then POST .../ticket/ {"consent": true}'),
  ticket_creation_available: Joi.boolean().required().description('a draft from this reply can still become a ticket'),
  suggested_actions: Joi.array().items(Joi.string()).required(),
  cited_articles: Joi.array().items(CitedArticleOut).required().description('only articles retrieved for this question'),
  engine: Joi.string().valid('offline', 'model').required(),
  fallback: Joi.string().allow(null).required(),
}).label('ChatReply');

export const ChatSessionDetailOut = ChatSessionOut.keys({ messages: Joi.array().items(ChatMessageOut).required().description('the latest 500 messages, oldest first') }).label('ChatSessionDetail');

export const ChatSessionPageOut = Joi.object({
  count: Joi.number().integer().required(),
  next: Joi.string().allow(null).required(),
  previous: Joi.string().allow(null).required(),
  results: Joi.array().items(ChatSessionOut).required(),
}).label('ChatSessionPage');

export const ChatMessageListOut = Joi.object({
  count: Joi.number().integer().required(),
  next: Joi.string().allow(null).required(),
  previous: Joi.string().allow(null).required(),
  results: Joi.array().items(ChatMessageOut).required(),
}).label('ChatMessageList');

export const TicketFromChatOut = Joi.object({ id: Joi.string().required() }).unknown(true).label('TicketFromChat');
