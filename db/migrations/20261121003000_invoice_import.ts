// Invoice import: uploaded documents, the preview sessions parsed from them, and the
// bulk-store attempts applied to a session.
//
// - invoice_import_documents: the stored upload (under MEDIA_ROOT) and where it is
//   to go; the parse job carries only its id. One session per document at most.
// - invoice_import_sessions: status previewed -> applied | failed (failed may be
//   retried); the location, lines, summaries and payloads as the API shows them.
// - invoice_import_attempts: one row per bulk-store request; its job carries the
//   attempt id, never the lines, and writes the answer here.
import type { Knex } from 'knex';

function scoped(t: Knex.CreateTableBuilder, knex: Knex) {
  t.uuid('owner_id').references('users.id').onDelete('CASCADE');
  t.integer('team_id').references('teams.id').onDelete('CASCADE');
  t.uuid('created_by').references('users.id').onDelete('SET NULL');
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

const ONE_SCOPE = '((owner_id IS NOT NULL AND team_id IS NULL) OR (owner_id IS NULL AND team_id IS NOT NULL))';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_import_documents', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable().defaultTo('');
    t.integer('size').notNullable();
    t.string('content_type', 100).notNullable();
    t.string('path', 300).notNullable(); // relative to MEDIA_ROOT
    t.string('sha256', 64).notNullable();
    t.integer('inventory_id').references('inventories.id').onDelete('SET NULL');
    t.integer('storage_box_id').references('storage_boxes.id').onDelete('SET NULL');
    t.string('product_family_name', 150).notNullable().defaultTo('');
    t.string('status', 16).notNullable().defaultTo('queued'); // queued | parsed | unreadable
    t.jsonb('error');
    t.integer('session_id');
    scoped(t, knex);
    t.index(['owner_id']);
    t.index(['team_id']);
  });
  await knex.raw(`ALTER TABLE invoice_import_documents ADD CONSTRAINT invoice_import_documents_one_scope CHECK ${ONE_SCOPE}`);
  await knex.raw("ALTER TABLE invoice_import_documents ADD CONSTRAINT invoice_import_documents_status CHECK (status IN ('queued', 'parsed', 'unreadable'))");

  await knex.schema.createTable('invoice_import_sessions', (t) => {
    t.increments('id');
    t.string('status', 16).notNullable(); // previewed | applied | failed
    t.string('profile_type', 8).notNullable(); // self | team
    t.string('last_step', 32).notNullable().defaultTo('preview');
    t.integer('document_id').references('invoice_import_documents.id').onDelete('SET NULL');
    t.jsonb('invoice').notNullable().defaultTo('{}');
    t.integer('inventory_id').references('inventories.id').onDelete('SET NULL');
    t.string('inventory_name', 150).notNullable().defaultTo('');
    t.integer('storage_id').references('storages.id').onDelete('SET NULL');
    t.string('storage_name', 150).notNullable().defaultTo('');
    t.integer('storage_box_id').references('storage_boxes.id').onDelete('SET NULL');
    t.string('storage_box_name', 150).notNullable().defaultTo('');
    t.string('product_family_name', 150).notNullable().defaultTo('');
    t.jsonb('preview_lines').notNullable().defaultTo('[]');
    t.jsonb('bulk_lines').notNullable().defaultTo('[]');
    t.jsonb('summary').notNullable().defaultTo('{}');
    t.jsonb('result_payload').notNullable().defaultTo('{}');
    t.jsonb('error_payload').notNullable().defaultTo('{}');
    t.jsonb('source_files').notNullable().defaultTo('[]');
    t.jsonb('extraction').notNullable().defaultTo('{}'); // format, pages, warnings, timings
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('applied_at', { useTz: true });
    scoped(t, knex);
    t.unique(['document_id']);
  });
  await knex.raw(`ALTER TABLE invoice_import_sessions ADD CONSTRAINT invoice_import_sessions_one_scope CHECK ${ONE_SCOPE}`);
  await knex.raw("ALTER TABLE invoice_import_sessions ADD CONSTRAINT invoice_import_sessions_status CHECK (status IN ('previewed', 'applied', 'failed'))");
  await knex.raw("ALTER TABLE invoice_import_sessions ADD CONSTRAINT invoice_import_sessions_profile CHECK (profile_type IN ('self', 'team') AND (profile_type = 'team') = (team_id IS NOT NULL))");
  // history lists: newest first within a scope
  await knex.raw('CREATE INDEX invoice_import_sessions_owner_recent ON invoice_import_sessions (owner_id, created_at DESC, id DESC) WHERE team_id IS NULL');
  await knex.raw('CREATE INDEX invoice_import_sessions_team_recent ON invoice_import_sessions (team_id, created_at DESC, id DESC) WHERE team_id IS NOT NULL');
  await knex.schema.alterTable('invoice_import_documents', (t) => {
    t.foreign('session_id').references('invoice_import_sessions.id').onDelete('SET NULL');
  });

  await knex.schema.createTable('invoice_import_attempts', (t) => {
    t.bigIncrements('id');
    t.integer('session_id').notNullable().references('invoice_import_sessions.id').onDelete('CASCADE');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.string('product_family_name', 150).notNullable().defaultTo('');
    t.jsonb('lines').notNullable();
    t.string('status', 16).notNullable().defaultTo('queued'); // queued | applied | failed | conflict
    t.integer('http_status');
    t.jsonb('response');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['session_id']);
  });
  await knex.raw("ALTER TABLE invoice_import_attempts ADD CONSTRAINT invoice_import_attempts_status CHECK (status IN ('queued', 'applied', 'failed', 'conflict'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoice_import_attempts');
  await knex.schema.alterTable('invoice_import_documents', (t) => {
    t.dropForeign(['session_id']);
  });
  await knex.schema.dropTableIfExists('invoice_import_sessions');
  await knex.schema.dropTableIfExists('invoice_import_documents');
}
