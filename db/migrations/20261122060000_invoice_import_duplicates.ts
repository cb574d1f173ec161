// Invoice import duplicates (issue 9 item 14, issue 13): a session remembers the
// earlier session of the same scope it repeats — the same file (document hash) or the
// same invoice (seller + number, or seller + date + total) — and the key its content
// is found by. Documents are looked up by hash within a scope.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoice_import_sessions', (t) => {
    t.integer('duplicate_of').references('invoice_import_sessions.id').onDelete('SET NULL');
    t.jsonb('duplicate'); // what the preview reported: {session_id, session_status, match, matched_on, created_at}
    t.string('vendor_key', 120).notNullable().defaultTo(''); // the seller's name, compacted (text/vendor.ts compactName)
  });
  await knex.schema.alterTable('invoice_import_attempts', (t) => {
    t.boolean('confirm_duplicate').notNullable().defaultTo(false); // the request said: apply although an applied session holds this invoice
  });
  await knex.raw('CREATE INDEX invoice_import_sessions_owner_vendor ON invoice_import_sessions (owner_id, vendor_key) WHERE team_id IS NULL');
  await knex.raw('CREATE INDEX invoice_import_sessions_team_vendor ON invoice_import_sessions (team_id, vendor_key) WHERE team_id IS NOT NULL');
  await knex.raw('CREATE INDEX invoice_import_documents_owner_sha ON invoice_import_documents (owner_id, sha256) WHERE team_id IS NULL');
  await knex.raw('CREATE INDEX invoice_import_documents_team_sha ON invoice_import_documents (team_id, sha256) WHERE team_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS invoice_import_documents_team_sha');
  await knex.raw('DROP INDEX IF EXISTS invoice_import_documents_owner_sha');
  await knex.raw('DROP INDEX IF EXISTS invoice_import_sessions_team_vendor');
  await knex.raw('DROP INDEX IF EXISTS invoice_import_sessions_owner_vendor');
  await knex.schema.alterTable('invoice_import_attempts', (t) => {
    t.dropColumn('confirm_duplicate');
  });
  await knex.schema.alterTable('invoice_import_sessions', (t) => {
    t.dropColumn('vendor_key');
    t.dropColumn('duplicate');
    t.dropColumn('duplicate_of');
  });
}
