// Support tickets: staff-managed ticket types and help categories (translated), a
// minimal FAQ article table (help categories count its rows; the AI chat fills it),
// tickets with an encrypted description and a keyed blind index for search, replies
// (encrypted, optionally staff-internal), private attachments and an event log that
// doubles as the notification outbox.
import type { Knex } from 'knex';

const STATUSES = ['open', 'in_progress', 'pending', 'resolved', 'closed'];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_ticket_types', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('slug', 50).notNullable().unique();
    t.string('name', 100).notNullable(); // English, the fallback
    t.text('description').notNullable().defaultTo('');
    // {"de": {"name": "...", "description": "..."}, ...}
    t.jsonb('translations').notNullable().defaultTo('{}');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['is_active', 'sort_order']);
  });

  await knex.schema.createTable('help_categories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('slug', 80).notNullable().unique();
    t.string('name', 120).notNullable(); // English, the fallback
    t.text('description').notNullable().defaultTo('');
    t.string('icon', 300).notNullable().defaultTo('');
    t.jsonb('translations').notNullable().defaultTo('{}');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['is_active', 'sort_order']);
  });

  // Minimal on purpose: the AI support chat owns the articles' content and behaviour.
  // One row per article and language; translations of one article share its slug.
  await knex.schema.createTable('faq_articles', (t) => {
    t.increments('id');
    t.string('slug', 150).notNullable();
    t.string('title', 300).notNullable();
    t.text('body').notNullable().defaultTo('');
    t.uuid('help_category_id').references('help_categories.id').onDelete('SET NULL');
    t.string('language', 16).notNullable().defaultTo('en');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['slug', 'language']);
    t.index(['help_category_id', 'is_published']);
  });

  await knex.schema.createTable('support_tickets', (t) => {
    // ids are made by the service before the insert: the id is the encryption's associated data
    t.uuid('id').primary();
    t.string('ticket_number', 12).notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('subject', 200).notNullable();
    t.text('description_enc').notNullable(); // field-cipher value: never plaintext
    t.string('enc_key_id', 32).notNullable();
    t.uuid('ticket_type_id').notNullable().references('support_ticket_types.id').onDelete('RESTRICT');
    t.string('other_ticket_type', 100);
    t.string('status', 16).notNullable().defaultTo('open');
    t.string('priority', 8).notNullable().defaultTo('medium');
    t.text('resolution');
    t.timestamp('resolved_at', { useTz: true });
    t.uuid('resolved_by').references('users.id').onDelete('SET NULL');
    t.uuid('assigned_to').references('users.id').onDelete('SET NULL');
    t.timestamp('closed_at', { useTz: true });
    // keyed blind index: 64-bit truncated HMACs of the normalised words of number, subject, description
    t.specificType('search_tokens', 'bigint[]').notNullable().defaultTo('{}');
    t.string('search_key_id', 32).notNullable();
    t.timestamps(true, true);
    t.index(['user_id', 'created_at']);
    t.index(['created_at']);
    t.index(['assigned_to']);
    t.index(['ticket_type_id']);
    t.index(['status', 'resolved_at']);
  });
  await knex.raw(`ALTER TABLE support_tickets
    ADD CONSTRAINT support_tickets_number_format CHECK (ticket_number ~ '^TKT-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$'),
    ADD CONSTRAINT support_tickets_status_valid CHECK (status IN (${list(STATUSES)})),
    ADD CONSTRAINT support_tickets_priority_valid CHECK (priority IN (${list(PRIORITIES)})),
    -- ordering by meaning, not by spelling
    ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (CASE priority WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 WHEN 'urgent' THEN 4 END) STORED,
    ADD COLUMN status_rank smallint GENERATED ALWAYS AS (CASE status WHEN 'open' THEN 1 WHEN 'in_progress' THEN 2 WHEN 'pending' THEN 3 WHEN 'resolved' THEN 4 WHEN 'closed' THEN 5 END) STORED`);
  await knex.raw('CREATE INDEX support_tickets_search_tokens_gin ON support_tickets USING gin (search_tokens)');

  await knex.schema.createTable('support_ticket_help_categories', (t) => {
    t.uuid('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.uuid('help_category_id').notNullable().references('help_categories.id').onDelete('CASCADE');
    t.primary(['ticket_id', 'help_category_id']);
    t.index(['help_category_id']);
  });

  await knex.schema.createTable('support_ticket_replies', (t) => {
    t.uuid('id').primary();
    t.uuid('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.uuid('author_id').references('users.id').onDelete('SET NULL');
    t.text('message_enc').notNullable();
    t.string('enc_key_id', 32).notNullable();
    t.boolean('is_internal').notNullable().defaultTo(false);
    t.boolean('is_staff').notNullable().defaultTo(false); // the author was staff when writing
    t.timestamps(true, true);
    t.index(['ticket_id', 'created_at']);
  });

  await knex.schema.createTable('support_ticket_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.string('path', 300).notNullable().unique(); // under MEDIA_ROOT, private folder, random name
    t.string('original_name', 255).notNullable().defaultTo('');
    t.string('content_type', 100).notNullable();
    t.integer('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.integer('position').notNullable();
    t.uuid('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['ticket_id', 'position']);
  });

  // What happened to a ticket (created, status_changed, assigned, replied); also the
  // notification outbox: a row without notified_at is re-enqueued by the support sweep.
  await knex.schema.createTable('support_ticket_events', (t) => {
    t.bigIncrements('id');
    t.uuid('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.string('kind', 32).notNullable();
    t.string('from_status', 16);
    t.string('to_status', 16);
    t.uuid('reply_id');
    t.uuid('assignee_id');
    t.timestamp('notified_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['ticket_id', 'id']);
  });
  await knex.raw('CREATE INDEX support_ticket_events_unnotified ON support_ticket_events (created_at) WHERE notified_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['support_ticket_events', 'support_ticket_attachments', 'support_ticket_replies', 'support_ticket_help_categories', 'support_tickets', 'faq_articles', 'help_categories', 'support_ticket_types']) {
    await knex.schema.dropTableIfExists(table);
  }
}
