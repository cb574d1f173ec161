import { TimestampedModel } from './base-model.js';

/** A row of `support_ticket_types`: English name and description, other languages in `translations`. */
export class SupportTicketType extends TimestampedModel {
  static override tableName = 'support_ticket_types';
  static override jsonAttributes = ['translations'];

  declare id: string;
  declare slug: string;
  declare name: string;
  declare description: string;
  /** {"de": {"name": "...", "description": "..."}} */
  declare translations: Record<string, Record<string, string | undefined> | undefined>;
  declare sort_order: number;
  declare is_active: boolean;
}
