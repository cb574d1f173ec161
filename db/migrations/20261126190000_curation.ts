// Curation: curated lists of products (public, unlisted or for subscribers), their
// subscriptions (free, or paid through a hidden per-list plan price and the billing
// area's checkout), curator earnings (one row per paid invoice of a paid curated
// subscription, less the platform fee, reversed by refunds) and staff-recorded payouts.
//
// Also a fix to the billing migration (20261126160000_billing.ts, landed, so not
// edited): its scope FKs cascaded, so erasing a user (or deleting a team) deleted
// the billing records that must be kept for the tax law. Billing rows now survive
// a deletion anonymised: the FKs set the scope to NULL and the one-scope check
// accepts a row with no scope at all (an anonymised record, read by no one).
import type { Knex } from 'knex';

const BILLING_TABLES = ['user_subscriptions', 'payment_methods', 'billing_invoices'];

/** A curator's or subscriber's scope: owner_id XOR team_id. */
function scoped(table: string, t: Knex.CreateTableBuilder, onDelete: 'CASCADE' | 'SET NULL') {
  t.uuid('owner_id').references('users.id').onDelete(onDelete);
  t.integer('team_id').references('teams.id').onDelete(onDelete);
  t.uuid('created_by').references('users.id').onDelete('SET NULL');
  t.check(onDelete === 'CASCADE' ? '(owner_id IS NULL) <> (team_id IS NULL)' : '(owner_id IS NULL OR team_id IS NULL)', [], `${table}_one_scope`);
}

export async function up(knex: Knex): Promise<void> {
  for (const table of BILLING_TABLES) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_owner_id_foreign, DROP CONSTRAINT IF EXISTS ${table}_team_id_foreign, DROP CONSTRAINT IF EXISTS ${table}_one_scope`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_owner_id_foreign FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE SET NULL,
      ADD CONSTRAINT ${table}_team_id_foreign FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE SET NULL,
      ADD CONSTRAINT ${table}_one_scope CHECK (owner_id IS NULL OR team_id IS NULL)`);
  }

  await knex.schema.createTable('curated_lists', (t) => {
    t.increments('id');
    scoped('curated_lists', t, 'CASCADE');
    t.string('name', 120).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.string('visibility', 12).notNullable().defaultTo('public');
    // a paid list: price per interval in minor units of currency; null = free
    t.integer('price');
    t.specificType('currency', 'char(3)');
    t.string('interval', 5);
    t.timestamps(true, true);
    t.index(['owner_id']);
    t.index(['team_id']);
    t.index(['visibility', 'id']);
  });
  await knex.raw(`ALTER TABLE curated_lists ADD CONSTRAINT curated_lists_values CHECK (visibility IN ('public', 'unlisted', 'subscribers')
    AND ((price IS NULL AND currency IS NULL AND interval IS NULL) OR (price > 0 AND currency ~ '^[A-Z]{3}$' AND interval IN ('month', 'year'))))`);

  await knex.schema.createTable('curated_list_items', (t) => {
    t.increments('id');
    t.integer('list_id').notNullable().references('curated_lists.id').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.text('note').notNullable().defaultTo('');
    t.timestamps(true, true);
    t.unique(['list_id', 'product_id']);
    t.index(['list_id', 'position']);
  });

  // the hidden plan carrying a paid list's price (a new one per price change: subscribers keep theirs)
  await knex.schema.alterTable('subscription_plans', (t) => {
    t.integer('curated_list_id').references('curated_lists.id').onDelete('SET NULL');
  });
  // what a billing subscription pays for: the scope's platform plan, or a curated list
  await knex.schema.alterTable('user_subscriptions', (t) => {
    t.string('purpose', 10).notNullable().defaultTo('plan');
  });
  await knex.raw(`ALTER TABLE user_subscriptions ADD CONSTRAINT user_subscriptions_purpose CHECK (purpose IN ('plan', 'curated'))`);
  // one live platform subscription per scope; curated subscriptions are counted per list
  await knex.raw('DROP INDEX user_subscriptions_one_live_per_user');
  await knex.raw('DROP INDEX user_subscriptions_one_live_per_team');
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_user ON user_subscriptions (owner_id) WHERE team_id IS NULL AND status <> 'canceled' AND purpose = 'plan'`);
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_team ON user_subscriptions (team_id) WHERE team_id IS NOT NULL AND status <> 'canceled' AND purpose = 'plan'`);

  await knex.schema.createTable('curated_subscriptions', (t) => {
    t.increments('id');
    scoped('curated_subscriptions', t, 'CASCADE');
    t.integer('list_id').notNullable().references('curated_lists.id').onDelete('CASCADE');
    t.string('kind', 4).notNullable();
    // a paid one's state is its billing subscription's
    t.integer('billing_subscription_id').unique().references('user_subscriptions.id').onDelete('SET NULL');
    // set when the subscriber cancels a free one, or a new subscription replaces an ended paid one
    t.timestamp('ended_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['list_id']);
  });
  await knex.raw(`ALTER TABLE curated_subscriptions ADD CONSTRAINT curated_subscriptions_kind CHECK (kind IN ('free', 'paid'))`);
  await knex.raw('CREATE UNIQUE INDEX curated_subscriptions_one_open_per_user ON curated_subscriptions (list_id, owner_id) WHERE team_id IS NULL AND ended_at IS NULL');
  await knex.raw('CREATE UNIQUE INDEX curated_subscriptions_one_open_per_team ON curated_subscriptions (list_id, team_id) WHERE team_id IS NOT NULL AND ended_at IS NULL');

  // earnings and payouts are billing records: kept anonymised when the curator goes
  await knex.schema.createTable('curator_earnings', (t) => {
    t.increments('id');
    scoped('curator_earnings', t, 'SET NULL');
    t.integer('invoice_id').notNullable().unique().references('billing_invoices.id');
    t.integer('list_id').references('curated_lists.id').onDelete('SET NULL');
    t.string('list_name', 120).notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    // amount_paid less tax
    t.integer('gross').notNullable();
    t.integer('refunded').notNullable().defaultTo(0);
    // the fee rate when the invoice was paid (CURATOR_PLATFORM_FEE_BPS), kept for later refunds
    t.integer('fee_bps').notNullable();
    t.integer('fee').notNullable();
    t.integer('net').notNullable();
    t.timestamp('paid_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.index(['owner_id', 'currency']);
    t.index(['team_id', 'currency']);
  });
  await knex.raw('ALTER TABLE curator_earnings ADD CONSTRAINT curator_earnings_amounts CHECK (gross >= 0 AND refunded >= 0 AND fee >= 0 AND net >= 0 AND fee_bps BETWEEN 0 AND 10000)');

  await knex.schema.createTable('curator_payouts', (t) => {
    t.increments('id');
    scoped('curator_payouts', t, 'SET NULL');
    t.specificType('currency', 'char(3)').notNullable();
    t.integer('amount').notNullable();
    t.string('reference', 120).notNullable().defaultTo('');
    t.text('note').notNullable().defaultTo('');
    t.timestamps(true, true);
    t.index(['owner_id', 'currency']);
    t.index(['team_id', 'currency']);
  });
  await knex.raw(`ALTER TABLE curator_payouts ADD CONSTRAINT curator_payouts_amount CHECK (amount > 0 AND currency ~ '^[A-Z]{3}$')`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['curator_payouts', 'curator_earnings', 'curated_subscriptions']) await knex.schema.dropTableIfExists(table);
  await knex.raw('DROP INDEX IF EXISTS user_subscriptions_one_live_per_user');
  await knex.raw('DROP INDEX IF EXISTS user_subscriptions_one_live_per_team');
  await knex.raw(`DELETE FROM user_subscriptions WHERE purpose = 'curated'`);
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_user ON user_subscriptions (owner_id) WHERE team_id IS NULL AND status <> 'canceled'`);
  await knex.raw(`CREATE UNIQUE INDEX user_subscriptions_one_live_per_team ON user_subscriptions (team_id) WHERE team_id IS NOT NULL AND status <> 'canceled'`);
  await knex.raw('ALTER TABLE user_subscriptions DROP CONSTRAINT IF EXISTS user_subscriptions_purpose');
  await knex.schema.alterTable('user_subscriptions', (t) => t.dropColumn('purpose'));
  await knex.raw('DELETE FROM subscription_plans WHERE curated_list_id IS NOT NULL');
  await knex.schema.alterTable('subscription_plans', (t) => t.dropColumn('curated_list_id'));
  for (const table of ['curated_list_items', 'curated_lists']) await knex.schema.dropTableIfExists(table);
  for (const table of BILLING_TABLES) {
    // anonymised rows cannot go back under the cascading FKs
    await knex(table).whereNull('owner_id').whereNull('team_id').delete();
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_owner_id_foreign, DROP CONSTRAINT ${table}_team_id_foreign, DROP CONSTRAINT ${table}_one_scope`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_owner_id_foreign FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
      ADD CONSTRAINT ${table}_team_id_foreign FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE CASCADE,
      ADD CONSTRAINT ${table}_one_scope CHECK ((owner_id IS NULL) <> (team_id IS NULL))`);
  }
}
