import { BaseModel } from './base-model.js';

/** A row of `support_staff_digests`: tickets created up to `sent_through` were in this staff member's digests. */
export class SupportStaffDigest extends BaseModel {
  static override tableName = 'support_staff_digests';
  static override idColumn = 'user_id';

  declare user_id: string;
  declare sent_through: Date;
  declare updated_at: Date;
}
