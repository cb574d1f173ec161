// The blind index's posting list: one (token, ticket, created_at) row per distinct word
// digest of a ticket, kept in step with support_tickets.search_tokens and created_at by a trigger
// in the same transaction as the write. A staff search over every
// ticket counts and pages its tickets with index-only scans of this list (a few
// milliseconds for tens of thousands of hits) instead of visiting and re-checking every
// matching ticket row through the GIN index, which must recheck array containment on
// the heap. The GIN index stays for searches with filters and other orderings.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE support_ticket_words (
    token bigint NOT NULL,
    ticket_id uuid NOT NULL,
    created_at timestamptz NOT NULL
  )`);
  // the one index (a second one on (token, ticket_id) would add ~50 % to the list's size):
  // a word's tickets newest first, for counts, pages, joins and the trigger's deletes
  await knex.raw('CREATE UNIQUE INDEX support_ticket_words_token_created_at_ticket_index ON support_ticket_words (token, created_at DESC, ticket_id)');
  // no foreign key: the trigger removes a deleted ticket's rows by their index key,
  // which a cascade could only do with a second index on ticket_id
  await knex.raw(`CREATE FUNCTION support_ticket_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF TG_OP = 'UPDATE' AND NEW.search_tokens IS NOT DISTINCT FROM OLD.search_tokens AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
          RETURN NULL;
        END IF;
        DELETE FROM support_ticket_words WHERE token = ANY (OLD.search_tokens) AND created_at = OLD.created_at AND ticket_id = OLD.id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO support_ticket_words (token, ticket_id, created_at)
          SELECT DISTINCT w, NEW.id, NEW.created_at FROM unnest(NEW.search_tokens) AS w
          ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
  $$`);
  await knex.raw(`CREATE TRIGGER support_ticket_words_sync
    AFTER INSERT OR DELETE OR UPDATE OF search_tokens, created_at ON support_tickets
    FOR EACH ROW EXECUTE FUNCTION support_ticket_words_sync()`);
  await knex.raw(`CREATE FUNCTION support_ticket_words_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE support_ticket_words;
      RETURN NULL;
    END
  $$`);
  await knex.raw(`CREATE TRIGGER support_ticket_words_truncate
    AFTER TRUNCATE ON support_tickets
    FOR EACH STATEMENT EXECUTE FUNCTION support_ticket_words_truncate()`);
  await knex.raw('INSERT INTO support_ticket_words (token, ticket_id, created_at) SELECT DISTINCT w, t.id, t.created_at FROM support_tickets t, unnest(t.search_tokens) AS w');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS support_ticket_words_sync ON support_tickets');
  await knex.raw('DROP TRIGGER IF EXISTS support_ticket_words_truncate ON support_tickets');
  await knex.raw('DROP FUNCTION IF EXISTS support_ticket_words_sync()');
  await knex.raw('DROP FUNCTION IF EXISTS support_ticket_words_truncate()');
  await knex.raw('DROP TABLE IF EXISTS support_ticket_words');
}
