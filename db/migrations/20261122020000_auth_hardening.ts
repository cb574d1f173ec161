// Hardening of accounts, teams and verification:
// - kyc.projects.require_secret goes: every project call needs X-Api-Secret.
// - personal API tokens (hashed at rest, optional expiry, last use).
// - team invitations: membership starts only when the invitee accepts.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('kyc').alterTable('projects', (t) => {
    t.dropColumn('require_secret');
  });

  await knex.schema.createTable('api_tokens', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique(); // sha256 hex of the token; the token is shown once
    t.string('token_prefix', 16).notNullable(); // the first characters, to recognise a token in a list
    t.timestamp('expires_at', { useTz: true }); // null: until revoked
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 32);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('team_invitations', (t) => {
    t.bigIncrements('id');
    t.integer('team_id').notNullable().references('teams.id').onDelete('CASCADE');
    // the invitee: an address (invited by e-mail) or an account (invited by user id); an
    // unknown address or id is stored like a known one, so the answer cannot tell them apart
    t.string('email', 254);
    t.uuid('user_id');
    t.uuid('invited_by').references('users.id').onDelete('SET NULL');
    t.string('status', 16).notNullable().defaultTo('pending'); // pending | accepted | declined | revoked
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('responded_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['team_id', 'status']);
    t.index(['email', 'status']);
    t.index(['user_id', 'status']);
  });
  await knex.raw("ALTER TABLE team_invitations ADD CONSTRAINT team_invitations_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'revoked'))");
  await knex.raw('ALTER TABLE team_invitations ADD CONSTRAINT team_invitations_invitee_check CHECK ((email IS NULL) <> (user_id IS NULL))');
  // one open invitation per team and invitee (inviting again refreshes it)
  await knex.raw("CREATE UNIQUE INDEX team_invitations_open_email ON team_invitations (team_id, email) WHERE status = 'pending' AND email IS NOT NULL");
  await knex.raw("CREATE UNIQUE INDEX team_invitations_open_user ON team_invitations (team_id, user_id) WHERE status = 'pending' AND user_id IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('team_invitations');
  await knex.schema.dropTableIfExists('api_tokens');
  await knex.schema.withSchema('kyc').alterTable('projects', (t) => {
    t.boolean('require_secret').notNullable().defaultTo(false);
  });
}
