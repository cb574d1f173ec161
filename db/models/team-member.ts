import { Model } from 'objection';
import { BaseModel } from './base-model.js';
import { User } from './user.js';

export class TeamMember extends BaseModel {
  static override tableName = 'team_members';

  declare id: number;
  declare team_id: number;
  declare user_id: string;
  declare role: 'owner' | 'member';
  declare added_by: string | null;
  declare created_at: Date;
  declare user?: User;

  static override jsonSchema = {
    type: 'object',
    required: ['team_id', 'user_id', 'role'],
    properties: {
      id: { type: 'integer' },
      team_id: { type: 'integer' },
      user_id: { type: 'string', format: 'uuid' },
      role: { type: 'string', enum: ['owner', 'member'] },
    },
  };

  static override get relationMappings() {
    return {
      user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'team_members.user_id', to: 'users.id' } },
    };
  }
}
