import { Model } from 'objection';
import { BaseModel } from './base-model.js';
import { User } from './user.js';

export class AuditLog extends BaseModel {
  static override tableName = 'system_audit_logs';

  id!: number;
  actor_id!: string | null;
  profile_type!: 'self' | 'team';
  team_id!: number | null;
  action!: string;
  entity_type!: string;
  entity_id!: string | null;
  summary!: string;
  changes!: Record<string, unknown>;
  ip!: string | null;
  created_at!: Date;
  actor?: User | null;

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
