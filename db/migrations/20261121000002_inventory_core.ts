// The inventory domain's tables. Every row belongs to one scope: a user alone
// (owner_id) or a team (team_id) — exactly one of them is set. Seeded reference
// rows (icons, types) have neither and are visible to everyone.
import type { Knex } from 'knex';

function scoped(t: Knex.CreateTableBuilder, knex: Knex, opts: { system?: boolean } = {}) {
  t.uuid('owner_id').references('users.id').onDelete('CASCADE');
  t.integer('team_id').references('teams.id').onDelete('CASCADE');
  if (opts.system) t.boolean('is_system').notNullable().defaultTo(false);
  t.uuid('created_by').references('users.id').onDelete('SET NULL');
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.index(['owner_id']);
  t.index(['team_id']);
}

async function scopeCheck(knex: Knex, table: string, system = false) {
  const oneScope = '((owner_id IS NOT NULL AND team_id IS NULL) OR (owner_id IS NULL AND team_id IS NOT NULL))';
  const rule = system ? `(${oneScope} AND NOT is_system) OR (is_system AND owner_id IS NULL AND team_id IS NULL)` : oneScope;
  await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_scope CHECK (${rule})`);
}

/** Unique names per scope, case-insensitive. */
async function uniquePerScope(knex: Knex, table: string, column: string) {
  await knex.raw(`CREATE UNIQUE INDEX ${table}_${column}_owner_uq ON ${table} (owner_id, lower(${column})) WHERE owner_id IS NOT NULL`);
  await knex.raw(`CREATE UNIQUE INDEX ${table}_${column}_team_uq ON ${table} (team_id, lower(${column})) WHERE team_id IS NOT NULL`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inventory_icons', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('value', 32).notNullable().defaultTo(''); // emoji
    t.string('icon_image', 300); // media path of a PNG, relative to MEDIA_ROOT
    scoped(t, knex, { system: true });
  });
  await scopeCheck(knex, 'inventory_icons', true);

  await knex.schema.createTable('inventory_types', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('icon_id').references('inventory_icons.id').onDelete('SET NULL');
    scoped(t, knex, { system: true });
  });
  await scopeCheck(knex, 'inventory_types', true);

  await knex.schema.createTable('inventories', (t) => {
    t.increments('id');
    t.string('name', 150).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('type_id').references('inventory_types.id').onDelete('SET NULL');
    t.integer('icon_id').references('inventory_icons.id').onDelete('SET NULL');
    t.string('location', 300).notNullable().defaultTo('');
    t.string('currency', 3).notNullable().defaultTo('EUR');
    t.boolean('is_archived').notNullable().defaultTo(false);
    scoped(t, knex);
  });
  await scopeCheck(knex, 'inventories');

  // the rooms / shelves / areas of an inventory
  await knex.schema.createTable('storages', (t) => {
    t.increments('id');
    t.integer('inventory_id').notNullable().references('inventories.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('kind', 32).notNullable().defaultTo('room'); // room | shelf | area | vehicle | other
    t.text('description').notNullable().defaultTo('');
    scoped(t, knex);
    t.index(['inventory_id']);
  });
  await scopeCheck(knex, 'storages');

  await knex.schema.createTable('storage_boxes', (t) => {
    t.increments('id');
    t.integer('storage_id').notNullable().references('storages.id').onDelete('CASCADE');
    t.integer('inventory_id').notNullable().references('inventories.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('code', 64).notNullable().defaultTo(''); // printed label / barcode of the box
    t.text('description').notNullable().defaultTo('');
    scoped(t, knex);
    t.index(['storage_id']);
    t.index(['inventory_id']);
  });
  await scopeCheck(knex, 'storage_boxes');

  await knex.schema.createTable('product_families', (t) => {
    t.increments('id');
    t.string('name', 150).notNullable();
    t.text('description').notNullable().defaultTo('');
    scoped(t, knex);
  });
  await scopeCheck(knex, 'product_families');
  await uniquePerScope(knex, 'product_families', 'name');

  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.string('supplier', 255).notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.string('category', 150).notNullable().defaultTo('');
    t.string('base_unit', 32).notNullable().defaultTo('pcs');
    t.integer('family_id').references('product_families.id').onDelete('SET NULL');
    scoped(t, knex);
    t.index(['family_id']);
  });
  await scopeCheck(knex, 'products');
  await knex.raw('CREATE INDEX products_name_trgm ON products USING gin (lower(name) gin_trgm_ops)');

  await knex.schema.createTable('product_tags', (t) => {
    t.increments('id');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.string('label', 100).notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.index(['product_id']);
  });
  await knex.schema.createTable('product_tag_values', (t) => {
    t.increments('id');
    t.integer('tag_id').notNullable().references('product_tags.id').onDelete('CASCADE');
    t.string('value', 200).notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.index(['tag_id']);
  });

  await knex.schema.createTable('product_variants', (t) => {
    t.increments('id');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.string('name', 255).notNullable().defaultTo('');
    t.string('sku', 100).notNullable().defaultTo('');
    t.string('barcode', 32).notNullable().defaultTo(''); // normalised GTIN digits
    t.integer('position').notNullable().defaultTo(0);
    // scope copied from the product so sku/barcode lookups stay one index scan
    t.uuid('owner_id');
    t.integer('team_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['product_id']);
  });
  await knex.raw("CREATE INDEX product_variants_barcode ON product_variants (barcode) WHERE barcode <> ''");
  await knex.raw("CREATE INDEX product_variants_sku ON product_variants (lower(sku)) WHERE sku <> ''");

  await knex.schema.createTable('variant_tags', (t) => {
    t.increments('id');
    t.integer('variant_id').notNullable().references('product_variants.id').onDelete('CASCADE');
    t.string('label', 100).notNullable();
    t.string('value', 200).notNullable().defaultTo('');
    t.integer('position').notNullable().defaultTo(0);
    t.index(['variant_id']);
  });

  // every image belongs to exactly one variant
  await knex.schema.createTable('product_images', (t) => {
    t.increments('id');
    t.integer('variant_id').notNullable().references('product_variants.id').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.string('path', 300).notNullable(); // relative to MEDIA_ROOT
    t.string('content_type', 64).notNullable();
    t.integer('size').notNullable();
    t.integer('width');
    t.integer('height');
    t.string('alt_text', 300).notNullable().defaultTo('');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['variant_id']);
    t.index(['product_id']);
  });

  // a product (variant) in a box; quantity changes only through the ledger below
  await knex.schema.createTable('inventory_items', (t) => {
    t.increments('id');
    t.integer('inventory_id').notNullable().references('inventories.id').onDelete('CASCADE');
    t.integer('storage_box_id').notNullable().references('storage_boxes.id').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.integer('variant_id').references('product_variants.id').onDelete('SET NULL');
    t.integer('quantity').notNullable().defaultTo(0);
    t.string('unit', 32).notNullable().defaultTo('pcs');
    t.integer('min_quantity').notNullable().defaultTo(0);
    t.string('lot_number', 100).notNullable().defaultTo('');
    t.string('serial_number', 100).notNullable().defaultTo('');
    t.date('expiry_date');
    t.text('notes').notNullable().defaultTo('');
    scoped(t, knex);
    t.index(['inventory_id']);
    t.index(['storage_box_id']);
    t.index(['product_id']);
  });
  await scopeCheck(knex, 'inventory_items');
  await knex.raw('ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_quantity_nonnegative CHECK (quantity >= 0)');
  await knex.raw('ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_min_nonnegative CHECK (min_quantity >= 0)');
  // one row per product/variant/lot/serial in a box: receiving again increases it
  await knex.raw('CREATE UNIQUE INDEX inventory_items_identity_uq ON inventory_items (storage_box_id, product_id, coalesce(variant_id, 0), lot_number, serial_number)');

  // the stock ledger: a transaction has one leg per item it changes (a move has two)
  await knex.schema.createTable('inventory_transactions', (t) => {
    t.bigIncrements('id');
    t.string('kind', 16).notNullable(); // receive | consume | adjust | move | import
    t.string('reference', 200).notNullable().defaultTo('');
    t.text('note').notNullable().defaultTo('');
    t.string('idempotency_key', 100);
    t.string('source_type', 32); // e.g. invoice_session
    t.string('source_id', 64);
    scoped(t, knex);
  });
  await scopeCheck(knex, 'inventory_transactions');
  await knex.raw('CREATE UNIQUE INDEX inventory_transactions_idem_owner ON inventory_transactions (owner_id, idempotency_key) WHERE idempotency_key IS NOT NULL AND owner_id IS NOT NULL');
  await knex.raw('CREATE UNIQUE INDEX inventory_transactions_idem_team ON inventory_transactions (team_id, idempotency_key) WHERE idempotency_key IS NOT NULL AND team_id IS NOT NULL');

  await knex.schema.createTable('inventory_transaction_legs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('transaction_id').notNullable().references('inventory_transactions.id').onDelete('CASCADE');
    t.integer('item_id').notNullable().references('inventory_items.id').onDelete('CASCADE');
    t.integer('delta').notNullable();
    t.integer('quantity_before').notNullable();
    t.integer('quantity_after').notNullable();
    t.index(['transaction_id']);
    t.index(['item_id']);
  });

  await knex.schema.createTable('inventory_alerts', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('inventory_items.id').onDelete('CASCADE');
    t.string('kind', 24).notNullable(); // low_stock | expiring_soon | expired
    t.string('status', 16).notNullable().defaultTo('active'); // active | resolved
    t.string('message', 500).notNullable().defaultTo('');
    t.integer('quantity').notNullable().defaultTo(0);
    t.integer('min_quantity').notNullable().defaultTo(0);
    t.date('expiry_date');
    t.timestamp('resolved_at', { useTz: true });
    t.timestamp('acknowledged_at', { useTz: true });
    t.uuid('acknowledged_by');
    scoped(t, knex);
    t.index(['item_id']);
  });
  await scopeCheck(knex, 'inventory_alerts');
  await knex.raw("CREATE UNIQUE INDEX inventory_alerts_active_uq ON inventory_alerts (item_id, kind) WHERE status = 'active'");

  await knex.schema.createTable('barcode_scans', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('code', 64).notNullable();
    t.string('symbology', 16).notNullable().defaultTo(''); // EAN-8 | EAN-13 | UPC-A | GTIN-14 | other
    t.boolean('is_valid').notNullable().defaultTo(true);
    t.string('source', 16).notNullable().defaultTo('manual'); // manual | image
    t.integer('match_count').notNullable().defaultTo(0);
    t.jsonb('matched_variant_ids').notNullable().defaultTo('[]');
    scoped(t, knex);
  });
  await scopeCheck(knex, 'barcode_scans');

  await knex.schema.createTable('product_searches', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('query', 300).notNullable();
    t.jsonb('filters').notNullable().defaultTo('{}');
    t.integer('result_count').notNullable().defaultTo(0);
    scoped(t, knex);
  });
  await scopeCheck(knex, 'product_searches');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'product_searches', 'barcode_scans', 'inventory_alerts', 'inventory_transaction_legs', 'inventory_transactions', 'inventory_items',
    'product_images', 'variant_tags', 'product_variants', 'product_tag_values', 'product_tags', 'products', 'product_families',
    'storage_boxes', 'storages', 'inventories', 'inventory_types', 'inventory_icons',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
