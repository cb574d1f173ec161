import { BaseModel } from './base-model.js';

export class OutboundEmail extends BaseModel {
  static override tableName = 'outbound_emails';

  id!: number;
  to_address!: string;
  template!: string;
  subject!: string;
  body_sealed!: string | null;
  status!: 'queued' | 'sent' | 'failed';
  attempts!: number;
  last_error!: string | null;
  transport!: string | null;
  message_id!: string | null;
  created_at!: Date;
  sent_at!: Date | null;
}
