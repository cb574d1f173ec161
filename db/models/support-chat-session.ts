import { TimestampedModel } from './base-model.js';

/** A row of `support_chat_sessions` (the title is a field-cipher value). */
export class SupportChatSession extends TimestampedModel {
  static override tableName = 'support_chat_sessions';

  declare id: string;
  declare user_id: string;
  declare language: string;
  declare title_enc: string | null;
  declare enc_key_id: string | null;
  declare message_count: number;
  declare last_message_at: Date | null;
}
