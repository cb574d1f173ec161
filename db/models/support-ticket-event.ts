import { BaseModel } from './base-model.js';

/** A row of `support_ticket_events`: what happened to a ticket; without notified_at, a notification still owed. */
export class SupportTicketEvent extends BaseModel {
  static override tableName = 'support_ticket_events';

  declare id: number;
  declare ticket_id: string;
  declare actor_id: string | null;
  declare kind: 'created' | 'replied' | 'status_changed' | 'assigned';
  declare from_status: string | null;
  declare to_status: string | null;
  declare reply_id: string | null;
  declare assignee_id: string | null;
  declare notified_at: Date | null;
  declare created_at: Date;
}
