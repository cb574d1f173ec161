import { BaseModel } from './base-model.js';

/** A row of `support_chat_ticket_drafts` (the draft is a field-cipher value). */
export class SupportChatTicketDraft extends BaseModel {
  static override tableName = 'support_chat_ticket_drafts';

  declare id: string;
  declare session_id: string;
  declare message_id: string;
  declare user_id: string;
  declare draft_enc: string;
  declare enc_key_id: string;
  declare ticket_id: string | null;
  declare consented_at: Date | null;
  declare created_at: Date;
}
