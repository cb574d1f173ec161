import { BaseModel } from './base-model.js';

/** A row of `faq_seed_log`: a seeded article (slug, language) inserted once already. */
export class FaqSeedLog extends BaseModel {
  static override tableName = 'faq_seed_log';
  static override get idColumn() {
    return ['slug', 'language'];
  }

  declare slug: string;
  declare language: string;
  declare seeded_at: Date;
}
