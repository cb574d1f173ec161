import { BaseModel } from './base-model.js';

export type OtpPurpose = 'verify_email' | 'reset_password';

export class Otp extends BaseModel {
  static override tableName = 'otps';

  declare id: number;
  declare user_id: string | null;
  declare email: string;
  declare purpose: OtpPurpose;
  declare code_hash: string;
  declare attempts: number;
  declare max_attempts: number;
  declare expires_at: Date;
  declare consumed_at: Date | null;
  declare invalidated_at: Date | null;
  declare created_at: Date;

  static override jsonSchema = {
    type: 'object',
    required: ['email', 'purpose', 'code_hash', 'max_attempts', 'expires_at'],
    properties: {
      email: { type: 'string' },
      purpose: { type: 'string', enum: ['verify_email', 'reset_password'] },
      code_hash: { type: 'string' },
      attempts: { type: 'integer' },
      max_attempts: { type: 'integer' },
    },
  };

  get state(): 'consumed' | 'invalidated' | 'locked' | 'expired' | 'active' {
    if (this.consumed_at) return 'consumed';
    if (this.invalidated_at) return 'invalidated';
    if (this.attempts >= this.max_attempts) return 'locked';
    if (new Date(this.expires_at).getTime() <= Date.now()) return 'expired';
    return 'active';
  }
}
