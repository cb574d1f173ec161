// Staff hear of new tickets through a periodic digest, one e-mail per staff member
// listing the tickets opened since their last one, instead of one e-mail per ticket.
// This row is each staff member's watermark: the digest job advances it in the same
// transaction that queues the e-mail, so a retried job sends nothing twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_staff_digests', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('sent_through', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('support_staff_digests');
}
