import { TimestampedModel } from './base-model.js';

export type ListVisibility = 'public' | 'unlisted' | 'subscribers';

/** A row of `curated_lists`: a curator's (user's or team's) named list of products; paid when price is set. */
export class CuratedList extends TimestampedModel {
  static override tableName = 'curated_lists';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare name: string;
  declare slug: string;
  declare description: string;
  declare visibility: ListVisibility;
  declare price: number | null;
  declare currency: string | null;
  declare interval: 'month' | 'year' | null;
}
