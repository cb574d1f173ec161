import { BaseModel } from './base-model.js';

/** A row of `support_ticket_words`: one word digest of one ticket (written by a trigger, read to count). */
export class SupportTicketWord extends BaseModel {
  static override tableName = 'support_ticket_words';
  static override idColumn = ['token', 'ticket_id'];

  declare token: string;
  declare ticket_id: string;
  /** the ticket's, for newest-first pages */
  declare created_at: Date;
}
