import { Model } from 'objection';
import { BaseModel } from './base-model.js';
import { User } from './user.js';

export class AuditLog extends BaseModel {
  static override tableName = 'system_audit_logs';

  declare id: number;
  declare actor_id: string | null;
  declare profile_type: 'self' | 'team';
  declare team_id: number | null;
  declare action: string;
  declare entity_type: string;
  declare entity_id: string | null;
  declare summary: string;
  declare changes: Record<string, unknown>;
  declare ip: string | null;
  declare created_at: Date;
  declare actor?: User | null;

  static override jsonSchema = {
    type: 'object',
    required: ['action', 'entity_type'],
    properties: {
      action: { type: 'string', maxLength: 64 },
      entity_type: { type: 'string', maxLength: 64 },
      entity_id: { type: ['string', 'null'] },
      summary: { type: 'string', maxLength: 500 },
      changes: { type: 'object' },
    },
  };

  static override get relationMappings() {
    return {
      actor: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'system_audit_logs.actor_id', to: 'users.id' } },
    };
  }
}
