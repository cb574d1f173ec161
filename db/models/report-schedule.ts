import { BaseModel } from './base-model.js';

/** A row of `report_schedules`: a report generated and e-mailed on a calendar. */
export class ReportSchedule extends BaseModel {
  static override tableName = 'report_schedules';

  declare id: number;
  declare name: string;
  declare kind: string;
  declare format: string;
  declare filters: Record<string, unknown>;
  declare frequency: string;
  declare time_of_day: string;
  declare day_of_week: number | null;
  declare day_of_month: number | null;
  declare time_zone: string;
  declare email: string;
  declare is_active: boolean;
  declare last_run_at: Date | null;
  declare last_report_id: number | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
