import { BaseModel } from './base-model.js';

/** A row of `auth_tokens`. */
export class AuthToken extends BaseModel {
  static override tableName = 'auth_tokens';

  declare id: number;
  declare user_id: string;
  declare kind: string;
  declare token_hash: string;
  declare family_id: string;
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare revoked_reason: string | null;
  declare replaced_by_id: number | null;
  declare created_at: Date;
}
