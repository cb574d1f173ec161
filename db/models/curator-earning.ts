import { TimestampedModel } from './base-model.js';

/** A row of `curator_earnings`: what one paid invoice of a curated subscription earns its curator (minor units). */
export class CuratorEarning extends TimestampedModel {
  static override tableName = 'curator_earnings';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare invoice_id: number;
  declare list_id: number | null;
  declare list_name: string;
  declare currency: string;
  declare gross: number;
  declare refunded: number;
  declare fee_bps: number;
  declare fee: number;
  declare net: number;
  declare paid_at: Date;
}
