// Support tickets and the AI support chat: limits, sweeps, the answer engine, and the
// keyrings that encrypt their text at rest.
import Joi from 'joi';
import { inGroup, oneOf, setting, stripSlash } from './define.js';

export const supportGroup = { name: 'support', title: 'Support tickets and encryption at rest' };
export const chatGroup = { name: 'chat', title: 'AI support chat' };

/** A 32-byte key written as 64 hex digits, base64 or base64url; null when it is none of those. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(text)) return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return null;
}

/** `id:key,id:key`: ids of 1–32 letters, digits, _ or -; keys of exactly 32 bytes (base64, base64url or hex). */
const keyring = () =>
  Joi.string()
    .allow('')
    .default('')
    .custom((value: string, helpers) => {
      const ids = new Set<string>();
      for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
        const [id, key, extra] = entry.split(':');
        if (extra !== undefined || !/^[A-Za-z0-9_-]{1,32}$/.test(id ?? '') || !key || decodeKey(key)?.length !== 32 || ids.has(id)) return helpers.error('any.invalid');
        ids.add(id);
      }
      return value;
    })
    .messages({ 'any.invalid': '{{#label}} must be a comma list of id:key with unique ids and 32-byte keys (base64 or hex)' });
const KEYRING = 'comma list of `id:key`: unique ids of 1–32 letters, digits, `_` or `-`; keys of 32 bytes in base64, base64url or hex';

export const supportSettings = inGroup(supportGroup, {
  fieldEncryptionKeys: setting(
    'FIELD_ENCRYPTION_KEYS',
    keyring(),
    'keyring of field encryption at rest (support tickets, AI chat): `id:key,…`, 32-byte keys (base64/hex); the first encrypts, all decrypt (see Support tickets in the README). Empty: one key derived from `SECRET_KEY`',
    { secret: 'secret', shownDefault: 'empty (a key derived from `SECRET_KEY`)', allowed: KEYRING },
  ),
  blindIndexKeys: setting('BLIND_INDEX_KEYS', keyring(), 'keys of the ticket search blind index (keyed HMAC of words), same format, separate from the encryption keys', {
    secret: 'secret',
    shownDefault: 'empty (derived from `SECRET_KEY`)',
    allowed: KEYRING,
  }),
  support: {
    attachmentMaxBytes: setting('TICKET_ATTACHMENT_MAX_BYTES', Joi.number().integer().min(1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024), 'largest ticket attachment, in bytes (default 10 MiB)'),
    attachmentMaxCount: setting('TICKET_ATTACHMENT_MAX_COUNT', Joi.number().integer().min(1).max(20).default(5), 'attachments per ticket'),
    autoCloseDays: setting('TICKET_AUTO_CLOSE_DAYS', Joi.number().integer().min(0).max(365).default(7), 'resolved tickets untouched this long are closed by the support sweep (`0`: never)'),
    sweepEveryMinutes: setting('SUPPORT_SWEEP_EVERY_MINUTES', Joi.number().integer().min(0).max(24 * 60).default(10), 'how often a worker consuming the `support` queue runs the support sweep (`0`: never)'),
  },
});

export const chatSettings = inGroup(chatGroup, {
  /** AI support chat: the answer engine, its limits and the `ai` queue */
  ai: {
    engine: setting(
      'AI_ENGINE',
      oneOf(Joi.string().lowercase(), ['offline', 'openai']).default('offline'),
      'answer engine of the AI support chat: `offline` (extractive answers from the FAQ articles, no model) or `openai` (an OpenAI-compatible model; the offline engine is its fallback)',
    ),
    openaiBaseUrl: setting(
      'OPENAI_BASE_URL',
      Joi.string().uri({ scheme: ['http', 'https'] }).default('https://api.openai.com/v1'),
      'the OpenAI-compatible server of `AI_ENGINE=openai` (a local server such as llama.cpp or vLLM works)',
      { read: stripSlash },
    ),
    openaiApiKey: setting('OPENAI_API_KEY', Joi.string().allow('').default(''), 'API key of the OpenAI-compatible server (an empty key is sent as a placeholder)', { secret: 'secret' }),
    openaiModel: setting('OPENAI_MODEL', Joi.string().max(200).default('gpt-4o-mini'), 'model asked by `AI_ENGINE=openai`'),
    answerTimeoutMs: setting(
      'AI_ANSWER_TIMEOUT_MS',
      Joi.number().integer().min(500).max(45000).default(45000),
      "a chat reply is due this long after the question was saved (the spec's 45 s is the maximum); the model call is aborted in time for the offline fallback",
    ),
    maxOutputTokens: setting(
      'AI_MAX_OUTPUT_TOKENS',
      Joi.number().integer().min(64).max(1800).default(1800),
      'output cap of one model answer (at most 1,800): sent as `max_tokens` and enforced on the answer text',
    ),
    concurrency: setting('AI_CONCURRENCY', Joi.number().integer().min(1).max(500).default(20), 'concurrent answer jobs per worker process on the `ai` queue'),
    messagesPerMinute: setting(
      'AI_MESSAGES_PER_MINUTE',
      Joi.number().integer().min(1).max(100000).default(30),
      'chat questions per user per minute (REST and WebSocket together; 429 `rate_limited`)',
    ),
    maxPendingPerUser: setting('AI_MAX_PENDING_PER_USER', Joi.number().integer().min(1).max(1000).default(5), 'questions of one user waiting for their answer at the same time (429 `answers_pending`)'),
    maxMessageChars: setting('AI_MAX_MESSAGE_CHARS', Joi.number().integer().min(100).max(20000).default(4000), 'longest chat question in characters (400 / `support.chat.error` `message_too_long`)'),
    minScore: setting(
      'AI_MIN_SCORE',
      Joi.number().min(0).max(1000).default(20),
      'BM25 score the best article needs for the offline engine to answer from it (below: "I don\'t know" and a ticket offer)',
    ),
  },
});
