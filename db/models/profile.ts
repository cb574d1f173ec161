import { TimestampedModel } from './base-model.js';

export class Profile extends TimestampedModel {
  static override tableName = 'profiles';
  static override idColumn = 'user_id';

  declare user_id: string;
  declare phone: string;
  declare company: string;
  declare job_title: string;
  declare bio: string;
  declare language: string;
  declare timezone: string;
  declare country: string;
  declare preferences: Record<string, unknown>;

  static override jsonSchema = {
    type: 'object',
    required: ['user_id'],
    properties: {
      user_id: { type: 'string', format: 'uuid' },
      phone: { type: 'string', maxLength: 32 },
      company: { type: 'string', maxLength: 200 },
      job_title: { type: 'string', maxLength: 200 },
      bio: { type: 'string' },
      language: { type: 'string', maxLength: 16 },
      timezone: { type: 'string', maxLength: 64 },
      country: { type: 'string', maxLength: 2 },
      preferences: { type: 'object' },
    },
  };
}
