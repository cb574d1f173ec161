// Reports, report schedules, order lists and their items; and the two item columns
// reporting needs: unit_cost (valuation) and target_quantity (how far an order list
// refills a low item). Every new table is scoped like the inventory tables: exactly
// one of owner_id / team_id.
import type { Knex } from 'knex';

function scoped(t: Knex.CreateTableBuilder, knex: Knex) {
  t.uuid('owner_id').references('users.id').onDelete('CASCADE');
  t.integer('team_id').references('teams.id').onDelete('CASCADE');
  t.uuid('created_by').references('users.id').onDelete('SET NULL');
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.index(['owner_id']);
  t.index(['team_id']);
}

const oneScope = (table: string) =>
  `ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_scope CHECK ((owner_id IS NOT NULL AND team_id IS NULL) OR (owner_id IS NULL AND team_id IS NOT NULL))`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inventory_items', (t) => {
    t.decimal('unit_cost', 14, 4).notNullable().defaultTo(0);
    t.integer('target_quantity').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_unit_cost_nonnegative CHECK (unit_cost >= 0)');
  await knex.raw('ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_target_nonnegative CHECK (target_quantity >= 0)');
  // analytics and the movements report read the ledger of one scope over a period
  await knex.raw('CREATE INDEX inventory_transactions_owner_created ON inventory_transactions (owner_id, created_at) WHERE owner_id IS NOT NULL');
  await knex.raw('CREATE INDEX inventory_transactions_team_created ON inventory_transactions (team_id, created_at) WHERE team_id IS NOT NULL');

  await knex.schema.createTable('report_schedules', (t) => {
    t.increments('id');
    t.string('name', 150).notNullable().defaultTo('');
    t.string('kind', 32).notNullable();
    t.string('format', 8).notNullable();
    t.jsonb('filters').notNullable().defaultTo('{}');
    t.string('frequency', 16).notNullable(); // daily | weekly | monthly
    t.string('time_of_day', 5).notNullable(); // HH:MM in time_zone
    t.integer('day_of_week'); // 0 (Sunday) – 6, weekly
    t.integer('day_of_month'); // 1 – 28, monthly
    t.string('time_zone', 64).notNullable();
    t.string('email', 254).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('last_run_at', { useTz: true });
    t.integer('last_report_id');
    scoped(t, knex);
  });
  await knex.raw(oneScope('report_schedules'));

  await knex.schema.createTable('reports', (t) => {
    t.increments('id');
    t.string('kind', 32).notNullable(); // inventory_valuation | low_stock | stock_movements | expiring_soon
    t.string('format', 8).notNullable(); // csv | pdf
    t.string('title', 200).notNullable();
    t.string('status', 16).notNullable().defaultTo('queued'); // queued | running | completed | failed
    t.integer('progress').notNullable().defaultTo(0);
    t.jsonb('filters').notNullable().defaultTo('{}');
    t.jsonb('summary');
    t.integer('row_count');
    t.string('file_path', 300); // relative to MEDIA_ROOT (reports/…), never served publicly
    t.bigInteger('file_size');
    t.string('error', 500);
    t.integer('schedule_id').references('report_schedules.id').onDelete('SET NULL');
    // the scheduler run that made it: a retried run finds its report instead of making another
    t.string('run_key', 120);
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    scoped(t, knex);
    t.index(['created_at']);
  });
  await knex.raw(oneScope('reports'));
  await knex.raw("ALTER TABLE reports ADD CONSTRAINT reports_progress_range CHECK (progress BETWEEN 0 AND 100)");
  await knex.raw('CREATE UNIQUE INDEX reports_schedule_run_uq ON reports (schedule_id, run_key) WHERE run_key IS NOT NULL');

  await knex.schema.createTable('order_lists', (t) => {
    t.increments('id');
    t.string('name', 150).notNullable();
    t.string('supplier', 255).notNullable().defaultTo(''); // '' = several suppliers (grouped per item)
    t.string('status', 16).notNullable().defaultTo('draft'); // draft | ordered | received | cancelled
    t.text('notes').notNullable().defaultTo('');
    t.integer('inventory_id').references('inventories.id').onDelete('SET NULL');
    t.timestamp('ordered_at', { useTz: true });
    t.timestamp('received_at', { useTz: true });
    t.bigInteger('receive_transaction_id').references('inventory_transactions.id').onDelete('SET NULL');
    scoped(t, knex);
  });
  await knex.raw(oneScope('order_lists'));

  await knex.schema.createTable('order_list_items', (t) => {
    t.increments('id');
    t.integer('order_list_id').notNullable().references('order_lists.id').onDelete('CASCADE');
    t.integer('item_id').notNullable().references('inventory_items.id').onDelete('CASCADE');
    t.integer('quantity').notNullable();
    t.decimal('unit_cost', 14, 4).notNullable().defaultTo(0);
    t.string('supplier', 255).notNullable().defaultTo('');
    t.text('notes').notNullable().defaultTo('');
    scoped(t, knex);
    t.index(['order_list_id']);
    t.unique(['order_list_id', 'item_id']);
  });
  await knex.raw(oneScope('order_list_items'));
  await knex.raw('ALTER TABLE order_list_items ADD CONSTRAINT order_list_items_quantity_positive CHECK (quantity > 0)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['order_list_items', 'order_lists', 'reports', 'report_schedules']) await knex.schema.dropTableIfExists(table);
  await knex.raw('DROP INDEX IF EXISTS inventory_transactions_team_created');
  await knex.raw('DROP INDEX IF EXISTS inventory_transactions_owner_created');
  await knex.raw('ALTER TABLE inventory_items DROP CONSTRAINT IF EXISTS inventory_items_target_nonnegative');
  await knex.raw('ALTER TABLE inventory_items DROP CONSTRAINT IF EXISTS inventory_items_unit_cost_nonnegative');
  await knex.schema.alterTable('inventory_items', (t) => {
    t.dropColumn('target_quantity');
    t.dropColumn('unit_cost');
  });
}
