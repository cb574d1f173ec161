// Ledger and listing support on top of the inventory core schema:
// - request_fingerprint: an Idempotency-Key replayed with a different body is a 409,
//   not a silent replay of another request's transaction;
// - indexes for the ledger's per-item history and the alert lists;
// - seeded (system) icons and types are unique by name, so the seed is an upsert.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inventory_transactions', (t) => {
    t.string('request_fingerprint', 64);
    t.index(['created_at']);
  });
  await knex.schema.alterTable('inventory_alerts', (t) => {
    t.index(['status', 'kind']);
  });
  await knex.schema.alterTable('system_audit_logs', (t) => {
    t.index(['created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX inventory_icons_system_name_uq ON inventory_icons (lower(name)) WHERE is_system');
  await knex.raw('CREATE UNIQUE INDEX inventory_types_system_name_uq ON inventory_types (lower(name)) WHERE is_system');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS inventory_types_system_name_uq');
  await knex.raw('DROP INDEX IF EXISTS inventory_icons_system_name_uq');
  await knex.schema.alterTable('system_audit_logs', (t) => {
    t.dropIndex(['created_at']);
  });
  await knex.schema.alterTable('inventory_alerts', (t) => {
    t.dropIndex(['status', 'kind']);
  });
  await knex.schema.alterTable('inventory_transactions', (t) => {
    t.dropIndex(['created_at']);
    t.dropColumn('request_fingerprint');
  });
}
