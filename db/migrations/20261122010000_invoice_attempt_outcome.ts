// A bulk-store attempt records its domain outcome only (status: applied | failed |
// conflict); which HTTP status answers it is the API's business
// (gateway/routes/jobs/job-result.ts BULK_STORE_STATUS), not the database's.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoice_import_attempts', (t) => {
    t.dropColumn('http_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoice_import_attempts', (t) => {
    t.integer('http_status');
  });
  await knex.raw("UPDATE invoice_import_attempts SET http_status = CASE status WHEN 'applied' THEN 200 WHEN 'failed' THEN 400 WHEN 'conflict' THEN 409 END");
}
