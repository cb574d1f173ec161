import { BaseModel } from './base-model.js';

export class Notification extends BaseModel {
  static override tableName = 'notifications';

  id!: number;
  user_id!: string;
  kind!: string;
  title!: string;
  body!: string;
  data!: Record<string, unknown>;
  dedupe_key!: string | null;
  read_at!: Date | null;
  created_at!: Date;
}
