import { BaseModel } from './base-model.js';

/** A row of `support_ticket_attachments`: a private file under MEDIA_ROOT. */
export class SupportTicketAttachment extends BaseModel {
  static override tableName = 'support_ticket_attachments';

  declare id: string;
  declare ticket_id: string;
  declare path: string;
  declare original_name: string;
  declare content_type: string;
  declare size: number;
  declare sha256: string;
  declare position: number;
  declare uploaded_by: string | null;
  declare created_at: Date;
}
