import { BaseModel } from './base-model.js';

/** A row of `api_tokens`: a personal API token, stored as its SHA-256 only. */
export class ApiToken extends BaseModel {
  static override tableName = 'api_tokens';

  declare id: number;
  declare user_id: string;
  declare name: string;
  declare token_hash: string;
  declare token_prefix: string;
  declare expires_at: Date | null;
  declare last_used_at: Date | null;
  declare revoked_at: Date | null;
  declare revoked_reason: string | null;
  declare created_at: Date;
}
