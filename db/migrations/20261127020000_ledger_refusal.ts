// The stock ledger records a movement of existing items in one statement, outside an
// explicit transaction (domain/inventory/stock-sql.ts, recordMovement). When an item
// is missing or a quantity rule would break, that statement must write nothing, so it
// ends in an error: this function raises it, with the locked items (id, quantity,
// unit, serial number) as JSON in the error's DETAIL for the ledger to name the rule.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION inventory_ledger_refuse(items jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger movement refused' USING ERRCODE = 'LDG01', DETAIL = coalesce(items, '[]'::jsonb)::text;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS inventory_ledger_refuse(jsonb)');
}
