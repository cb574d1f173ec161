import { BaseModel } from './base-model.js';

/** The one row of `faq_index_revision`, bumped by a trigger on every FAQ article change. */
export class FaqIndexRevision extends BaseModel {
  static override tableName = 'faq_index_revision';

  declare id: boolean;
  declare revision: string;
  declare changed_at: Date;
}
