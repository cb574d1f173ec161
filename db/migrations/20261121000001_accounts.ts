import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('email', 254).notNullable().unique(); // stored lower-cased
    t.text('password_hash').notNullable();
    t.string('first_name', 150).notNullable().defaultTo('');
    t.string('last_name', 150).notNullable().defaultTo('');
    t.boolean('is_staff').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamp('last_login_at', { useTz: true });
    t.timestamps(true, true);
  });

  await knex.schema.createTable('profiles', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('phone', 32).notNullable().defaultTo('');
    t.string('company', 200).notNullable().defaultTo('');
    t.string('job_title', 200).notNullable().defaultTo('');
    t.text('bio').notNullable().defaultTo('');
    t.string('language', 16).notNullable().defaultTo('en');
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    t.string('country', 2).notNullable().defaultTo('');
    t.jsonb('preferences').notNullable().defaultTo('{}');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('otps', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('purpose', 32).notNullable(); // verify_email | reset_password
    t.string('code_hash', 128).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('consumed_at', { useTz: true });
    t.timestamp('invalidated_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email', 'purpose', 'created_at']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('auth_tokens', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // access | refresh
    t.string('token_hash', 64).notNullable().unique();
    t.uuid('family_id').notNullable(); // one login = one family; rotation stays in it
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 32);
    t.bigInteger('replaced_by_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
    t.index(['family_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('teams', (t) => {
    t.increments('id');
    t.string('name', 150).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('team_members', (t) => {
    t.increments('id');
    t.integer('team_id').notNullable().references('teams.id').onDelete('CASCADE');
    // one team per user overall, enforced by the database as well as the service
    t.uuid('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.string('role', 16).notNullable(); // owner | member
    t.uuid('added_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['team_id']);
  });

  await knex.schema.createTable('system_audit_logs', (t) => {
    t.bigIncrements('id');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.string('profile_type', 8).notNullable().defaultTo('self');
    t.integer('team_id').references('teams.id').onDelete('CASCADE');
    t.string('action', 64).notNullable();
    t.string('entity_type', 64).notNullable();
    t.string('entity_id', 64);
    t.string('summary', 500).notNullable().defaultTo('');
    t.jsonb('changes').notNullable().defaultTo('{}');
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['team_id', 'created_at']);
    t.index(['actor_id', 'created_at']);
    t.index(['entity_type', 'entity_id']);
  });

  await knex.schema.createTable('outbound_emails', (t) => {
    t.bigIncrements('id');
    t.string('to_address', 254).notNullable();
    t.string('template', 64).notNullable();
    t.string('subject', 300).notNullable();
    t.text('body_sealed'); // text and html, encrypted; erased once delivered
    t.string('status', 16).notNullable().defaultTo('queued'); // queued | sent | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.string('transport', 16);
    t.string('message_id', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.index(['status', 'created_at']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 64).notNullable();
    t.string('title', 200).notNullable();
    t.text('body').notNullable().defaultTo('');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('dedupe_key', 200).unique();
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });

  // The main service's small mirror of each user's verification status (feature gating).
  await knex.schema.createTable('kyc_mirror', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('not_started');
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.bigInteger('version').notNullable().defaultTo(0);
    t.timestamp('verified_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('push_outbox', (t) => {
    t.bigIncrements('id');
    t.bigInteger('notification_id').notNullable().references('notifications.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['push_outbox', 'kyc_mirror', 'notifications', 'outbound_emails', 'system_audit_logs', 'team_members', 'teams', 'auth_tokens', 'otps', 'profiles', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
