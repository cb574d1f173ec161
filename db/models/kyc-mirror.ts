import { BaseModel } from './base-model.js';

/** A row of `kyc_mirror`. */
export class KycMirror extends BaseModel {
  static override tableName = 'kyc_mirror';

  static override idColumn = 'user_id';

  declare user_id: string;
  declare status: string;
  declare is_verified: boolean;
  declare version: number;
  declare verified_at: Date | null;
  declare updated_at: Date;
  declare notified_version: number;
  declare last_event_id: string | null;
}
