// Data protection: export and deletion requests, and an append-only audit trail.
// The audit log outlives the rows it talks about, so it no longer references users
// or teams (an actor is kept as a bare user id, which stops naming anyone once the
// account is erased); a trigger refuses UPDATE and DELETE, except one redaction that
// erases personal data (summary, ip, the e-mail inside changes) while the action,
// entity, actor id and time stay as they were. The redaction must be asked for in
// the transaction (`SET LOCAL invp.audit_redaction = 'on'`), which only the erasure
// job does.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_export_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('queued');
    t.string('format', 16).notNullable().defaultTo('zip');
    t.string('file_path', 300);
    t.bigInteger('size');
    t.jsonb('sections').notNullable().defaultTo('{}');
    t.string('error', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.index(['user_id', 'created_at']);
  });
  // one request in flight per user
  await knex.raw(`CREATE UNIQUE INDEX data_export_requests_one_open ON data_export_requests (user_id) WHERE status IN ('queued', 'running')`);

  await knex.schema.createTable('data_deletion_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // kept after the erasure (user_id set to null) as the record that it happened
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.uuid('subject_id').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('reason', 500);
    t.jsonb('outcome').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('scheduled_for', { useTz: true }).notNullable();
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['status', 'scheduled_for']);
    t.index(['subject_id']);
  });
  await knex.raw(`CREATE UNIQUE INDEX data_deletion_requests_one_open ON data_deletion_requests (subject_id) WHERE status IN ('pending', 'running')`);

  await knex.schema.alterTable('system_audit_logs', (t) => {
    t.dropForeign(['actor_id']);
    t.dropForeign(['team_id']);
  });
  await knex.raw(`
    CREATE FUNCTION system_audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('invp.audit_redaction', true) = 'on'
         AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
         AND NEW.profile_type = OLD.profile_type AND NEW.team_id IS NOT DISTINCT FROM OLD.team_id
         AND NEW.action = OLD.action AND NEW.entity_type = OLD.entity_type
         AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id AND NEW.created_at = OLD.created_at
         AND NEW.ip IS NULL AND NEW.summary = '[redacted]' AND NEW.changes = (OLD.changes - 'email') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'system_audit_logs is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER system_audit_logs_append_only BEFORE UPDATE OR DELETE ON system_audit_logs
      FOR EACH ROW EXECUTE FUNCTION system_audit_logs_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS system_audit_logs_append_only ON system_audit_logs; DROP FUNCTION IF EXISTS system_audit_logs_append_only()');
  await knex.schema.alterTable('system_audit_logs', (t) => {
    t.foreign('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.foreign('team_id').references('id').inTable('teams').onDelete('CASCADE');
  });
  await knex.schema.dropTableIfExists('data_deletion_requests');
  await knex.schema.dropTableIfExists('data_export_requests');
}
