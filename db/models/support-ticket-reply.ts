import { TimestampedModel } from './base-model.js';

/** A row of `support_ticket_replies`: the message is a field-cipher value. */
export class SupportTicketReply extends TimestampedModel {
  static override tableName = 'support_ticket_replies';

  declare id: string;
  declare ticket_id: string;
  declare author_id: string | null;
  declare message_enc: string;
  declare enc_key_id: string;
  declare is_internal: boolean;
  declare is_staff: boolean;
}
