import { TimestampedModel } from './base-model.js';

/** A row of `curator_payouts`: money paid out to a curator, recorded by staff (minor units). */
export class CuratorPayout extends TimestampedModel {
  static override tableName = 'curator_payouts';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  /** the staff member who recorded it */
  declare created_by: string | null;
  declare currency: string;
  declare amount: number;
  declare reference: string;
  declare note: string;
}
