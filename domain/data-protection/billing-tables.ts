// The billing area's tables that hold a user's rows, found from the schema (the billing
// area owns them and may add more): each with the column naming the user (user_id, else
// owner_id) and all its columns. The export reads them; the erasure detaches and strips
// them (billing records are kept).
import type { Knex } from 'knex';

/** Billing and subscription tables (the export also takes a `plans` table, should one exist). */
export const BILLING_TABLE = /^(billing_|subscription|payment|invoices$)/;

export interface ColumnInfo {
  column_name: string;
  is_nullable: string;
}

export interface SubjectTable {
  table: string;
  /** the column naming the user */
  ref: ColumnInfo;
  columns: ColumnInfo[];
}

export async function billingTables(db: Knex | Knex.Transaction, pattern: RegExp = BILLING_TABLE): Promise<SubjectTable[]> {
  const cols: (ColumnInfo & { table_name: string })[] = await db('information_schema.columns').where({ table_schema: 'public' }).select('table_name', 'column_name', 'is_nullable');
  const tables = new Map<string, ColumnInfo[]>();
  for (const c of cols) if (pattern.test(c.table_name)) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
  const out: SubjectTable[] = [];
  for (const [table, columns] of tables) {
    const ref = columns.find((c) => c.column_name === 'user_id' || c.column_name === 'owner_id');
    if (ref) out.push({ table, ref, columns });
  }
  return out;
}
