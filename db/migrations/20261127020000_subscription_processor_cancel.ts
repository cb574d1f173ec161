// A subscription we end on our side (an account erasure) must also end at the
// processor, or the customer keeps being charged. The cancellation is asked of the
// processor by a job after the erasure commits; these columns are its record in
// Postgres, so a lost job (Redis down at that moment) is found again by the billing
// sweep: processor_cancel_due_at says the processor owes us a cancellation (set in
// the erasure's transaction), processor_canceled_at that the processor confirmed it
// (or said the subscription no longer exists there).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_subscriptions', (t) => {
    t.timestamp('processor_cancel_due_at', { useTz: true });
    t.timestamp('processor_canceled_at', { useTz: true });
  });
  // the sweep's read: cancellations still owed
  await knex.raw(`CREATE INDEX user_subscriptions_processor_cancel_pending ON user_subscriptions (processor, processor_cancel_due_at)
    WHERE processor_cancel_due_at IS NOT NULL AND processor_canceled_at IS NULL AND processor_subscription_id IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS user_subscriptions_processor_cancel_pending');
  await knex.schema.alterTable('user_subscriptions', (t) => {
    t.dropColumn('processor_canceled_at');
    t.dropColumn('processor_cancel_due_at');
  });
}
