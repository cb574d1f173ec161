import { TimestampedModel } from './base-model.js';

/** A row of `support_tickets`: the description is a field-cipher value, search_tokens the blind index. */
export class SupportTicket extends TimestampedModel {
  static override tableName = 'support_tickets';
  // search_tokens is a PostgreSQL bigint[], not JSON
  static override jsonAttributes: string[] = [];

  declare id: string;
  declare ticket_number: string;
  declare user_id: string;
  declare subject: string;
  declare description_enc: string;
  declare enc_key_id: string;
  declare ticket_type_id: string;
  declare other_ticket_type: string | null;
  declare status: 'open' | 'in_progress' | 'pending' | 'resolved' | 'closed';
  declare priority: 'low' | 'medium' | 'high' | 'urgent';
  declare resolution: string | null;
  declare resolved_at: Date | null;
  declare resolved_by: string | null;
  declare assigned_to: string | null;
  declare closed_at: Date | null;
  /** 64-bit digests as decimal strings */
  declare search_tokens: string[];
  declare search_key_id: string;
}
