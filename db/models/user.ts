import { Model } from 'objection';
import { TimestampedModel } from './base-model.js';
import { Profile } from './profile.js';
import { TeamMember } from './team-member.js';

export class User extends TimestampedModel {
  static override tableName = 'users';

  declare id: string;
  declare email: string;
  declare password_hash: string;
  declare first_name: string;
  declare last_name: string;
  declare is_staff: boolean;
  declare is_active: boolean;
  declare email_verified_at: Date | null;
  declare password_changed_at: Date | null;
  declare last_login_at: Date | null;
  declare profile?: Profile;
  declare membership?: TeamMember | null;

  static override jsonSchema = {
    type: 'object',
    required: ['email', 'password_hash'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string', maxLength: 254 },
      password_hash: { type: 'string' },
      first_name: { type: 'string', maxLength: 150 },
      last_name: { type: 'string', maxLength: 150 },
      is_staff: { type: 'boolean' },
      is_active: { type: 'boolean' },
    },
  };

  static override get relationMappings() {
    return {
      profile: { relation: Model.HasOneRelation, modelClass: Profile, join: { from: 'users.id', to: 'profiles.user_id' } },
      membership: { relation: Model.HasOneRelation, modelClass: TeamMember, join: { from: 'users.id', to: 'team_members.user_id' } },
    };
  }

  get isVerified(): boolean {
    return this.email_verified_at != null;
  }

  get fullName(): string {
    return `${this.first_name} ${this.last_name}`.trim();
  }
}
