// The verification microservice's own schema `kyc` (same database, separate schema:
// the main service never reads it) and the extra columns of the main service's mirror.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SCHEMA IF NOT EXISTS kyc');
  // a fresh builder per table: a schema builder accumulates its statements
  const kyc = () => knex.schema.withSchema('kyc');

  // One project per API key: branding, engine, level, where and how callbacks go.
  await kyc().createTable('projects', (t) => {
    t.increments('id');
    t.string('slug', 63).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('api_key', 128).notNullable().unique();
    t.string('api_secret_hash', 64).notNullable(); // sha256 hex; compared in constant time
    t.boolean('require_secret').notNullable().defaultTo(false);
    t.string('engine', 16).notNullable(); // external | inhouse
    t.string('provider_name', 40).notNullable(); // the external provider's slug, or inhouse
    t.string('level_name', 100).notNullable();
    t.text('logo_url').notNullable().defaultTo('');
    t.string('primary_color', 32).notNullable().defaultTo('');
    t.string('support_email', 254).notNullable().defaultTo('');
    t.text('callback_url').notNullable().defaultTo('');
    t.text('callback_secret_sealed'); // sealed with SECRET_KEY; needed in clear to sign
    t.timestamps(true, true);
  });
  await knex.raw("ALTER TABLE kyc.projects ADD CONSTRAINT projects_engine_check CHECK (engine IN ('external', 'inhouse'))");

  // One applicant per (project, external user): the coarse status and the last review pulled.
  await kyc().createTable('applicants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('project_id').notNullable().references('id').inTable('kyc.projects').onDelete('CASCADE');
    t.string('external_user_id', 200).notNullable();
    t.string('provider', 40).notNullable();
    t.string('provider_applicant_id', 100);
    t.string('level_name', 100).notNullable();
    t.string('status', 16).notNullable().defaultTo('not_started');
    t.string('review_status', 32).notNullable().defaultTo('');
    t.string('review_answer', 16).notNullable().defaultTo('');
    t.string('reject_type', 16).notNullable().defaultTo('');
    t.jsonb('reject_labels').notNullable().defaultTo('[]');
    t.text('moderation_comment').notNullable().defaultTo('');
    t.text('client_comment').notNullable().defaultTo(''); // the provider's private comment: never leaves the service
    t.integer('version').notNullable().defaultTo(0); // bumped on every coarse status change
    t.integer('sync_seq').notNullable().defaultTo(0); // re-pulls started
    t.integer('applied_seq').notNullable().defaultTo(0); // newest re-pull applied (older answers are dropped)
    t.timestamp('verified_at', { useTz: true });
    t.timestamp('last_synced_at', { useTz: true });
    t.timestamp('status_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('provider_deleted_at', { useTz: true }); // applicantDeleted: terminal for the re-pull
    t.timestamps(true, true);
    t.unique(['project_id', 'external_user_id']);
    t.unique(['provider', 'provider_applicant_id']);
    t.index(['status', 'status_changed_at']);
  });
  await knex.raw(
    "ALTER TABLE kyc.applicants ADD CONSTRAINT applicants_status_check CHECK (status IN ('not_started', 'pending', 'in_review', 'approved', 'retry', 'rejected', 'on_hold'))",
  );

  await kyc().createTable('status_history', (t) => {
    t.bigIncrements('id');
    t.uuid('applicant_id').notNullable().references('id').inTable('kyc.applicants').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.string('from_status', 16).notNullable();
    t.string('to_status', 16).notNullable();
    t.string('review_status', 32).notNullable().defaultTo('');
    t.string('review_answer', 16).notNullable().defaultTo('');
    t.string('reject_type', 16).notNullable().defaultTo('');
    t.string('source', 32).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['applicant_id', 'version']);
  });

  // SDK tokens of the in-house engine (stored as hashes; the external provider mints its own).
  await kyc().createTable('sdk_tokens', (t) => {
    t.bigIncrements('id');
    t.string('token_hash', 64).notNullable().unique();
    t.uuid('applicant_id').notNullable().references('id').inTable('kyc.applicants').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });

  // Every verified webhook, once per distinct body (a redelivery bumps received_count).
  await kyc().createTable('webhooks', (t) => {
    t.bigIncrements('id');
    t.string('provider', 40).notNullable();
    t.string('event_type', 80).notNullable().defaultTo('');
    t.string('provider_applicant_id', 100).notNullable().defaultTo('');
    t.uuid('applicant_id').references('id').inTable('kyc.applicants').onDelete('SET NULL');
    t.string('body_sha256', 64).notNullable();
    t.string('digest_alg', 20).notNullable();
    t.integer('received_count').notNullable().defaultTo(1);
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'body_sha256']);
    t.index(['applicant_id']);
  });

  // One outbound signed callback per coarse status change (applicant, version).
  await kyc().createTable('callback_deliveries', (t) => {
    t.bigIncrements('id');
    t.uuid('event_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('applicant_id').notNullable().references('id').inTable('kyc.applicants').onDelete('CASCADE');
    t.integer('project_id').notNullable().references('id').inTable('kyc.projects').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('snapshot').notNullable(); // StatusOut at the moment of the change
    t.string('state', 16).notNullable().defaultTo('pending'); // pending | delivered | dead
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('replays').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('window_started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('dead_at', { useTz: true });
    t.unique(['applicant_id', 'version']);
    t.index(['state', 'next_attempt_at']);
  });

  // The in-house engine: one row per verification attempt (a reset starts a new one).
  // Personal data and document images are sealed (AES-256-GCM) at rest.
  await kyc().createTable('inhouse_attempts', (t) => {
    t.bigIncrements('id');
    t.uuid('applicant_id').notNullable().references('id').inTable('kyc.applicants').onDelete('CASCADE');
    t.integer('attempt_no').notNullable();
    t.string('review_status', 32).notNullable().defaultTo('init'); // init | pending | completed | onHold
    t.string('review_answer', 16).notNullable().defaultTo('');
    t.string('reject_type', 16).notNullable().defaultTo('');
    t.jsonb('reject_labels').notNullable().defaultTo('[]');
    t.text('moderation_comment').notNullable().defaultTo('');
    t.text('client_comment').notNullable().defaultTo('');
    t.jsonb('checks').notNullable().defaultTo('[]');
    t.string('document_type', 32);
    t.string('issuing_country', 3);
    t.string('document_number_hash', 64); // keyed hash: finds a reused document without decrypting
    t.text('document_sealed'); // number, expiry date, MRZ
    t.string('front_type', 64);
    t.text('front_sealed');
    t.string('back_type', 64);
    t.text('back_sealed');
    t.text('data_sealed'); // personal data
    t.timestamp('submitted_at', { useTz: true });
    t.timestamp('reviewed_at', { useTz: true });
    t.string('reviewed_by', 200);
    t.timestamps(true, true);
    t.unique(['applicant_id', 'attempt_no']);
    t.index(['document_number_hash']);
    t.index(['review_status', 'submitted_at']);
  });

  await knex.schema.alterTable('kyc_mirror', (t) => {
    t.bigInteger('notified_version').notNullable().defaultTo(0); // newest callback version the user was notified of
    t.uuid('last_event_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kyc_mirror', (t) => {
    t.dropColumn('last_event_id');
    t.dropColumn('notified_version');
  });
  await knex.raw('DROP SCHEMA IF EXISTS kyc CASCADE');
}
