import { Model } from 'objection';
import { TimestampedModel } from './base-model.js';
import { TeamMember } from './team-member.js';

export class Team extends TimestampedModel {
  static override tableName = 'teams';

  declare id: number;
  declare name: string;
  declare description: string;
  declare owner_id: string;
  declare members?: TeamMember[];

  static override jsonSchema = {
    type: 'object',
    required: ['name', 'owner_id'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string', minLength: 1, maxLength: 150 },
      description: { type: 'string' },
      owner_id: { type: 'string', format: 'uuid' },
    },
  };

  static override get relationMappings() {
    return {
      members: { relation: Model.HasManyRelation, modelClass: TeamMember, join: { from: 'teams.id', to: 'team_members.team_id' } },
    };
  }
}
