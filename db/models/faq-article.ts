import { TimestampedModel } from './base-model.js';

/** A row of `faq_articles`: what the AI support chat answers from. */
export class FaqArticle extends TimestampedModel {
  static override tableName = 'faq_articles';

  declare id: number;
  declare slug: string;
  declare title: string;
  declare body: string;
  declare help_category_id: string | null;
  declare language: string;
  declare is_published: boolean;
}
