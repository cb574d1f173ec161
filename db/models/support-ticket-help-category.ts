import { BaseModel } from './base-model.js';

/** A row of `support_ticket_help_categories`: one category of one ticket. */
export class SupportTicketHelpCategory extends BaseModel {
  static override tableName = 'support_ticket_help_categories';
  static override idColumn = ['ticket_id', 'help_category_id'];

  declare ticket_id: string;
  declare help_category_id: string;
}
