// AI support chat: sessions, messages and ticket drafts, every text encrypted with the
// field cipher (domain/support/field-cipher.ts; the row id is the associated
// data, `enc_key_id` names the key for rotation), plus a revision counter of the FAQ
// articles that every process checks before answering, so an edit reaches every
// worker's and web instance's search index.
//
// - support_chat_messages.reply_to is UNIQUE: one assistant reply per user message,
//   whichever worker (or retry after a crash) writes it.
// - support_chat_ticket_drafts: the draft offered with a reply; ticket_id is set once
//   when a consenting user creates the ticket, so a second consent returns that ticket.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('faq_index_revision', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.bigInteger('revision').notNullable().defaultTo(1);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE faq_index_revision ADD CONSTRAINT faq_index_revision_single_row CHECK (id)');
  await knex('faq_index_revision').insert({ id: true, revision: 1 });
  // statement-level: a bulk edit is one bump; help category names are indexed too
  await knex.raw(`
    CREATE FUNCTION bump_faq_index_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE faq_index_revision SET revision = revision + 1, changed_at = now() WHERE id;
      RETURN NULL;
    END $$`);
  await knex.raw('CREATE TRIGGER faq_articles_bump_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_articles FOR EACH STATEMENT EXECUTE FUNCTION bump_faq_index_revision()');
  await knex.raw('CREATE TRIGGER help_categories_bump_faq_revision AFTER UPDATE OR DELETE ON help_categories FOR EACH STATEMENT EXECUTE FUNCTION bump_faq_index_revision()');

  // which seeded articles were inserted once already (a deleted one is not brought back)
  await knex.schema.createTable('faq_seed_log', (t) => {
    t.string('slug', 150).notNullable();
    t.string('language', 16).notNullable();
    t.timestamp('seeded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['slug', 'language']);
  });

  await knex.schema.createTable('support_chat_sessions', (t) => {
    // made by the service before the insert: the id is the encryption's associated data
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('language', 16).notNullable();
    t.text('title_enc'); // the first question, shortened; null until one is asked
    t.string('enc_key_id', 32);
    t.integer('message_count').notNullable().defaultTo(0);
    t.timestamp('last_message_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id', 'updated_at']);
  });

  await knex.schema.createTable('support_chat_messages', (t) => {
    t.uuid('id').primary();
    t.specificType('seq', 'bigint GENERATED ALWAYS AS IDENTITY').notNullable();
    t.uuid('session_id').notNullable().references('support_chat_sessions.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('role', 10).notNullable();
    // an assistant message answers exactly one user message
    t.uuid('reply_to').unique().references('support_chat_messages.id').onDelete('CASCADE');
    t.text('content_enc').notNullable();
    // assistant only: resolved, should_offer_ticket, suggested_actions, cited articles, engine, fallback
    t.text('meta_enc');
    t.string('enc_key_id', 32).notNullable();
    // assistant only: when the reply was pushed to the user's chat sockets
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id', 'seq']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw("ALTER TABLE support_chat_messages ADD CONSTRAINT support_chat_messages_role CHECK (role IN ('user', 'assistant') AND (role = 'assistant') = (reply_to IS NOT NULL))");

  await knex.schema.createTable('support_chat_ticket_drafts', (t) => {
    t.uuid('id').primary();
    t.uuid('session_id').notNullable().references('support_chat_sessions.id').onDelete('CASCADE');
    t.uuid('message_id').notNullable().unique().references('support_chat_messages.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('draft_enc').notNullable(); // subject, description, ticket_type, priority, help_category_ids
    t.string('enc_key_id', 32).notNullable();
    t.uuid('ticket_id').references('support_tickets.id').onDelete('SET NULL');
    t.timestamp('consented_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('support_chat_ticket_drafts');
  await knex.schema.dropTableIfExists('support_chat_messages');
  await knex.schema.dropTableIfExists('support_chat_sessions');
  await knex.schema.dropTableIfExists('faq_seed_log');
  await knex.raw('DROP TRIGGER IF EXISTS help_categories_bump_faq_revision ON help_categories');
  await knex.raw('DROP TRIGGER IF EXISTS faq_articles_bump_revision ON faq_articles');
  await knex.raw('DROP FUNCTION IF EXISTS bump_faq_index_revision()');
  await knex.schema.dropTableIfExists('faq_index_revision');
}
