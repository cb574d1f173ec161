import { BaseModel } from './base-model.js';

/** A row of `support_chat_messages` (content and meta are field-cipher values). */
export class SupportChatMessage extends BaseModel {
  static override tableName = 'support_chat_messages';

  declare id: string;
  declare seq: string;
  declare session_id: string;
  declare user_id: string;
  declare role: 'user' | 'assistant';
  declare reply_to: string | null;
  declare content_enc: string;
  declare meta_enc: string | null;
  declare enc_key_id: string;
  declare delivered_at: Date | null;
  declare created_at: Date;
}
