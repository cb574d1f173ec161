// Billing: staff-managed subscription plans, subscriptions of a scope (a user or a
// team), payment methods (the processor's token and display data only), invoices
// (billing history), the processor's webhook events (each recorded once) and monthly
// usage counters for the plan limits. Money is integer minor units with an ISO 4217
// currency; never a float.
import type { Knex } from 'knex';

const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'];
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/** owner_id XOR team_id: a row belongs to one user or one team (domain/shared/scoped-rows.ts). */
function scoped(table: string, t: Knex.CreateTableBuilder) {
  t.uuid('owner_id').references('users.id').onDelete('CASCADE');
  t.integer('team_id').references('teams.id').onDelete('CASCADE');
  t.uuid('created_by').references('users.id').onDelete('SET NULL');
  t.check('(owner_id IS NULL) <> (team_id IS NULL)', [], `${table}_one_scope`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscription_plans', (t) => {
    t.increments('id');
    t.string('code', 40).notNullable().unique();
    t.string('name', 100).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.specificType('currency', 'char(3)').notNullable();
    t.integer('monthly_price').notNullable();
    t.integer('yearly_price').notNullable();
    // null: unlimited
    t.integer('max_inventories');
    t.integer('max_team_members');
    t.integer('invoice_imports_per_month');
    t.integer('ocr_pages_per_month');
    t.integer('trial_days').notNullable().defaultTo(0);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    // {"stripe": {"month": "price_...", "year": "price_..."}}: the processor's price of each interval
    t.jsonb('processor_prices').notNullable().defaultTo('{}');
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE subscription_plans ADD CONSTRAINT subscription_plans_prices CHECK (monthly_price >= 0 AND yearly_price >= 0 AND currency ~ '^[A-Z]{3}$')`);

  await knex.schema.createTable('user_subscriptions', (t) => {
    t.increments('id');
    scoped('user_subscriptions', t);
    t.integer('plan_id').notNullable().references('subscription_plans.id');
    t.string('interval', 5).notNullable().defaultTo('month');
    t.string('status', 12).notNullable().defaultTo('incomplete');
    t.string('processor', 20).notNullable();
    t.string('processor_customer_id', 255);
    t.string('processor_subscription_id', 255);
    t.string('checkout_session_id', 255);
    t.text('checkout_url');
    t.timestamp('current_period_start', { useTz: true });
    t.timestamp('current_period_end', { useTz: true });
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('canceled_at', { useTz: true });
    // the processor's time of the newest state applied: an older event never overwrites it
    t.timestamp('processor_state_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['processor', 'processor_subscription_id']);
    t.unique(['processor', 'checkout_session_id']);
    t.index(['owner_id', 'status']);
    t.index(['team_id', 'status']);
    t.index(['status', 'current_period_end']);
  });
  await knex.raw(`ALTER TABLE user_subscriptions ADD CONSTRAINT user_subscriptions_status CHECK (status IN (${list(STATUSES)}) AND interval IN ('month', 'year'))`);
  // at most one live subscription per scope (a team subscribes as a team)
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_user ON user_subscriptions (owner_id) WHERE team_id IS NULL AND status <> 'canceled'`);
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_team ON user_subscriptions (team_id) WHERE team_id IS NOT NULL AND status <> 'canceled'`);

  await knex.schema.createTable('payment_methods', (t) => {
    t.increments('id');
    scoped('payment_methods', t);
    t.string('processor', 20).notNullable();
    t.string('processor_token', 255).notNullable();
    t.string('brand', 20).notNullable();
    t.specificType('last4', 'char(4)').notNullable();
    t.smallint('exp_month').notNullable();
    t.smallint('exp_year').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamps(true, true);
    // not unique: sandbox test tokens (pm_card_visa, ...) are shared like Stripe's test tokens
    t.index(['processor', 'processor_token']);
  });

  await knex.schema.createTable('billing_invoices', (t) => {
    t.increments('id');
    scoped('billing_invoices', t);
    t.integer('subscription_id').references('user_subscriptions.id').onDelete('SET NULL');
    t.string('processor', 20).notNullable();
    t.string('processor_invoice_id', 255).notNullable();
    t.string('number', 40).notNullable();
    t.string('status', 14).notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.integer('subtotal').notNullable();
    t.integer('tax').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.integer('amount_paid').notNullable().defaultTo(0);
    t.integer('amount_refunded').notNullable().defaultTo(0);
    t.timestamp('period_start', { useTz: true }).notNullable();
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.text('hosted_url');
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.timestamp('next_payment_attempt_at', { useTz: true });
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('processor_state_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['processor', 'processor_invoice_id']);
    t.index(['subscription_id', 'created_at']);
    t.index(['status', 'next_payment_attempt_at']);
  });
  await knex.raw(`ALTER TABLE billing_invoices ADD CONSTRAINT billing_invoices_status CHECK (status IN (${list(INVOICE_STATUSES)}) AND subtotal >= 0 AND tax >= 0 AND total >= 0)`);

  await knex.schema.createTable('billing_events', (t) => {
    t.bigIncrements('id');
    t.string('processor', 20).notNullable();
    t.string('event_id', 255).notNullable();
    t.string('type', 100).notNullable();
    t.timestamp('event_created_at', { useTz: true }).notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('applied_at', { useTz: true });
    // applied | ignored_stale | ignored_unknown_type | ignored_unmatched
    t.string('outcome', 40);
    t.unique(['processor', 'event_id']);
    t.index(['applied_at', 'received_at']);
  });

  // monthly counters behind the plan limits (invoice imports, OCR pages); scope_key is u:<uuid> or t:<id>
  await knex.schema.createTable('billing_usage', (t) => {
    t.string('scope_key', 60).notNullable();
    t.string('metric', 40).notNullable();
    t.date('period').notNullable();
    t.integer('used').notNullable().defaultTo(0);
    t.primary(['scope_key', 'metric', 'period']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['billing_usage', 'billing_events', 'billing_invoices', 'payment_methods', 'user_subscriptions', 'subscription_plans']) {
    await knex.schema.dropTableIfExists(table);
  }
}
