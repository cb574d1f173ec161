// A report run is claimed before it is rendered: `run_token` names the run that holds
// the report and `claimed_until` how long its claim lasts without a heartbeat, so a
// second run of the same job (a lapsed BullMQ lock, a retried schedule) waits for the
// first or takes over a dead one, and only the holder's writes land. `mailed_at` and
// the outbox's `dedupe_key` make a schedule's e-mail go out once per run.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.uuid('run_token');
    t.timestamp('claimed_until', { useTz: true });
    t.timestamp('mailed_at', { useTz: true });
  });
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.string('dedupe_key', 200);
  });
  await knex.raw('CREATE UNIQUE INDEX outbound_emails_dedupe_key_uq ON outbound_emails (dedupe_key) WHERE dedupe_key IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS outbound_emails_dedupe_key_uq');
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('dedupe_key');
  });
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('run_token');
    t.dropColumn('claimed_until');
    t.dropColumn('mailed_at');
  });
}
