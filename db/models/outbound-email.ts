import { BaseModel } from './base-model.js';

export class OutboundEmail extends BaseModel {
  static override tableName = 'outbound_emails';

  declare id: number;
  declare to_address: string;
  declare template: string;
  declare subject: string;
  declare body_sealed: string | null;
  declare status: 'queued' | 'sent' | 'failed';
  declare attempts: number;
  declare last_error: string | null;
  declare transport: string | null;
  declare message_id: string | null;
  /** a message that must go out once (a schedule run's report): the second write of the same key adds nothing */
  declare dedupe_key: string | null;
  declare created_at: Date;
  declare sent_at: Date | null;
}
