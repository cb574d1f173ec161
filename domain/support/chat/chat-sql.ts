// The AI chat's set-based statements: each writes or reads several rows of the chat in one
// round trip (a question and its session's count; a reply, its draft and the count; what an
// answer needs). Everything else in the chat goes through the objection models.
export const CHAT_SQL = {
  /** The user's questions of the last window that still wait for an answer (a select column of `s`). */
  pendingQuestions: `(SELECT count(*) FROM support_chat_messages m WHERE m.user_id = s.user_id AND m.role = 'user' AND m.created_at > ?
             AND NOT EXISTS (SELECT 1 FROM support_chat_messages r WHERE r.reply_to = m.id))::int AS pending`,
  /** Saves a question and counts it on its session; the first question names the session. */
  insertQuestion: `WITH m AS (
         INSERT INTO support_chat_messages (id, session_id, user_id, role, content_enc, enc_key_id) VALUES (?, ?, ?, 'user', ?, ?) RETURNING *
       ), s AS (
         UPDATE support_chat_sessions cs SET message_count = cs.message_count + 1, last_message_at = m.created_at, updated_at = m.created_at,
           title_enc = COALESCE(cs.title_enc, ?), enc_key_id = CASE WHEN cs.title_enc IS NULL THEN ? ELSE cs.enc_key_id END
         FROM m WHERE cs.id = m.session_id RETURNING cs.*
       )
       SELECT row_to_json(m) AS message, (SELECT row_to_json(s) FROM s) AS session FROM m`,
  /** The question, its session's language, an existing reply, the turns before it, the FAQ revision. */
  questionForAnswer: `SELECT row_to_json(m) AS question, s.language, r.id AS reply_id, r.delivered_at AS reply_delivered_at,
         (SELECT revision FROM faq_index_revision) AS faq_revision,
         (SELECT coalesce(json_agg(h ORDER BY h.seq), '[]') FROM (
            SELECT * FROM support_chat_messages p WHERE p.session_id = m.session_id AND p.seq < m.seq ORDER BY p.seq DESC LIMIT ?
          ) h) AS history
       FROM support_chat_messages m
       JOIN support_chat_sessions s ON s.id = m.session_id
       LEFT JOIN support_chat_messages r ON r.reply_to = m.id
       WHERE m.id = ? AND m.role = 'user'`,
  /** The one reply to a question, its draft and the session's count, unless a reply exists. */
  insertReply: `WITH reply AS (
         INSERT INTO support_chat_messages (id, session_id, user_id, role, reply_to, content_enc, meta_enc, enc_key_id)
         VALUES (?, ?, ?, 'assistant', ?, ?, ?, ?) ON CONFLICT (reply_to) DO NOTHING RETURNING id, session_id, created_at
       ), draft AS (
         INSERT INTO support_chat_ticket_drafts (id, session_id, message_id, user_id, draft_enc, enc_key_id)
         SELECT ?, reply.session_id, reply.id, ?, ?, ? FROM reply WHERE ?::boolean RETURNING id
       ), counted AS (
         UPDATE support_chat_sessions cs SET message_count = cs.message_count + 1, last_message_at = reply.created_at, updated_at = reply.created_at
         FROM reply WHERE cs.id = reply.session_id RETURNING cs.id
       )
       SELECT reply.id, (SELECT count(*) FROM draft) AS drafts, (SELECT count(*) FROM counted) AS counted FROM reply`,
  /** A question of the user with its reply, session and the reply's draft. */
  replyBundle: `SELECT row_to_json(q) AS question, row_to_json(r) AS reply, row_to_json(s) AS session, row_to_json(d) AS draft
       FROM support_chat_messages q
       JOIN support_chat_messages r ON r.reply_to = q.id
       JOIN support_chat_sessions s ON s.id = q.session_id AND s.user_id = ?
       LEFT JOIN support_chat_ticket_drafts d ON d.message_id = r.id
       WHERE q.id = ? AND q.user_id = ? AND q.role = 'user'`,
} as const;
