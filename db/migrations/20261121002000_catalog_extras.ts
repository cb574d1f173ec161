// Catalog support on top of the inventory core schema:
// - a SKU is unique per scope (case-insensitive), enforced here so two concurrent
//   writes cannot both win (the service checks first to name the clash);
// - a barcode scan decoded from a photo is recorded once per job (job_id), so a
//   retried job does not record it twice, and remembers the photo it came from;
// - the search history keeps the ordering it was run with and when.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE UNIQUE INDEX product_variants_sku_owner_uq ON product_variants (owner_id, lower(sku)) WHERE sku <> '' AND owner_id IS NOT NULL");
  await knex.raw("CREATE UNIQUE INDEX product_variants_sku_team_uq ON product_variants (team_id, lower(sku)) WHERE sku <> '' AND team_id IS NOT NULL");
  await knex.schema.alterTable('barcode_scans', (t) => {
    t.string('job_id', 100).unique();
    t.string('image_path', 300);
    t.string('decoded_format', 32);
    t.string('gtin14', 14);
    t.index(['user_id', 'created_at']);
  });
  await knex.schema.alterTable('product_searches', (t) => {
    t.string('source', 16).notNullable().defaultTo('list'); // list (GET /api/products/?search=) | api (POST /api/product-searches/)
    t.index(['user_id', 'created_at']);
  });
  await knex.schema.alterTable('product_images', (t) => {
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // at most one primary image per variant
  await knex.raw('CREATE UNIQUE INDEX product_images_one_primary ON product_images (variant_id) WHERE is_primary');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS product_images_one_primary');
  await knex.schema.alterTable('product_images', (t) => {
    t.dropColumn('updated_at');
  });
  await knex.schema.alterTable('product_searches', (t) => {
    t.dropIndex(['user_id', 'created_at']);
    t.dropColumn('source');
  });
  await knex.schema.alterTable('barcode_scans', (t) => {
    t.dropIndex(['user_id', 'created_at']);
    t.dropColumn('gtin14');
    t.dropColumn('decoded_format');
    t.dropColumn('image_path');
    t.dropColumn('job_id');
  });
  await knex.raw('DROP INDEX IF EXISTS product_variants_sku_team_uq');
  await knex.raw('DROP INDEX IF EXISTS product_variants_sku_owner_uq');
}
