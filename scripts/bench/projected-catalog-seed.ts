// Products in bulk for the projected catalog benchmark (and its query-count test):
// each with tags and values, variants with a tag and images, written with a few
// multi-row inserts in one transaction. Image rows point at a path that need not
// exist: reads never open the files.
import type { Knex } from 'knex';

export interface SeedShape {
  variants: number;
  imagesPerVariant: number;
  tags: number;
  valuesPerTag: number;
}

export const BENCH_SHAPE: SeedShape = { variants: 3, imagesPerVariant: 2, tags: 2, valuesPerTag: 2 };

/** `count` products in the scope of `ownerId` (self) or `teamId`; returns their ids. */
export async function seedProducts(knex: Knex, scope: { ownerId: string; teamId?: number | null }, count: number, shape: SeedShape = BENCH_SHAPE, prefix = 'bench'): Promise<number[]> {
  const owner = scope.teamId ? { owner_id: null, team_id: scope.teamId } : { owner_id: scope.ownerId, team_id: null };
  const tag = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  return knex.transaction(async (trx) => {
    const ids: number[] = [];
    for (let start = 0; start < count; start += 500) {
      const n = Math.min(500, count - start);
      const products = await trx('products')
        .insert(Array.from({ length: n }, (_, i) => ({ name: `${prefix} product ${start + i}`, supplier: 'Bench supplier', description: 'A product made for the benchmark.', category: 'bench', base_unit: 'pcs', ...owner, created_by: scope.ownerId })))
        .returning('id');
      const productIds = products.map((r: { id: number }) => r.id);
      ids.push(...productIds);
      const tags = shape.tags
        ? await trx('product_tags')
            .insert(productIds.flatMap((pid) => Array.from({ length: shape.tags }, (_, t) => ({ product_id: pid, label: `Tag ${t}`, position: t }))))
            .returning('id')
        : [];
      if (shape.valuesPerTag && tags.length) await trx.batchInsert('product_tag_values', tags.flatMap((t: { id: number }) => Array.from({ length: shape.valuesPerTag }, (_, v) => ({ tag_id: t.id, value: `value ${v}`, position: v }))), 1000);
      const variants = await trx('product_variants')
        .insert(productIds.flatMap((pid, i) => Array.from({ length: shape.variants }, (_, v) => ({ product_id: pid, name: `Variant ${v}`, sku: `${tag}-${start + i}-${v}`, barcode: '', position: v, ...owner }))))
        .returning(['id', 'product_id']);
      await trx.batchInsert('variant_tags', variants.map((v: { id: number }) => ({ variant_id: v.id, label: 'Size', value: 'M', position: 0 })), 1000);
      const images = variants.flatMap((v: { id: number; product_id: number }) =>
        Array.from({ length: shape.imagesPerVariant }, (_, k) => ({ variant_id: v.id, product_id: v.product_id, path: `products/be/bench-${v.id}-${k}.png`, content_type: 'image/png', size: 1234, width: 64, height: 48, alt_text: `image ${k}`, is_primary: k === 0, position: k })),
      );
      if (images.length) await trx.batchInsert('product_images', images, 1000);
    }
    return ids;
  });
}
