import { TimestampedModel } from './base-model.js';

/** A row of `help_categories` (of tickets and FAQ articles): English name, other languages in `translations`. */
export class HelpCategory extends TimestampedModel {
  static override tableName = 'help_categories';
  static override jsonAttributes = ['translations'];

  declare id: string;
  declare slug: string;
  declare name: string;
  declare description: string;
  declare icon: string;
  declare translations: Record<string, Record<string, string | undefined> | undefined>;
  declare sort_order: number;
  declare is_active: boolean;
}
