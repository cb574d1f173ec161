// Which of the scope's product variants carry a barcode, and where they are stocked.
// Two queries however many variants and items match. Inventory items are read only
// (the stock ledger owns their writes).
import { inScope, type Db } from '../shared/scoped-rows.js';
import type { Scope } from '../shared/scope.js';

export interface StockLocation {
  inventory_item_id: number;
  inventory_id: number;
  inventory_name: string;
  storage_id: number;
  storage_name: string;
  storage_box_id: number;
  storage_box_name: string;
  quantity: number;
  unit: string;
  min_quantity: number;
  lot_number: string;
  serial_number: string;
  expiry_date: string | null;
}

export interface ScanMatch {
  product_id: number;
  product_name: string;
  variant_id: number;
  variant_name: string;
  sku: string;
  barcode: string;
  category: string;
  supplier: string;
  base_unit: string;
  family_id: number | null;
  product_family_name: string | null;
  image_url: string | null;
  total_quantity: number;
  stock: StockLocation[];
}

export async function findMatches(db: Db, scope: Scope, codes: string[], url: (p: string | null) => string | null): Promise<ScanMatch[]> {
  const variants = await inScope(db('product_variants as v'), scope, { table: 'v' })
    .join('products as p', 'p.id', 'v.product_id')
    .leftJoin('product_families as f', 'f.id', 'p.family_id')
    .whereIn('v.barcode', codes)
    .select(
      'v.id as variant_id', 'v.name as variant_name', 'v.sku', 'v.barcode', 'p.id as product_id', 'p.name as product_name', 'p.category', 'p.supplier', 'p.base_unit',
      'p.family_id', 'f.name as product_family_name',
      db.raw('(SELECT i.path FROM product_images i WHERE i.variant_id = v.id ORDER BY i.is_primary DESC, i.position, i.id LIMIT 1) AS image_path'),
    )
    .orderBy(['p.name', 'v.id']);
  if (variants.length === 0) return [];

  const items = await stockOfVariants(db, scope, variants);

  return variants.map((v) => {
    const stock: StockLocation[] = items
      .filter((it) => it.variant_id === v.variant_id || (it.variant_id === null && it.product_id === v.product_id))
      .map(stockLocation);
    return {
      product_id: v.product_id,
      product_name: v.product_name,
      variant_id: v.variant_id,
      variant_name: v.variant_name,
      sku: v.sku,
      barcode: v.barcode,
      category: v.category,
      supplier: v.supplier,
      base_unit: v.base_unit,
      family_id: v.family_id,
      product_family_name: v.product_family_name ?? null,
      image_url: url(v.image_path ?? null),
      total_quantity: stock.reduce((s, x) => s + x.quantity, 0),
      stock,
    };
  });
}

/** Items of a matched variant, and product-level items (no variant) of a matched product, in the scope. */
async function stockOfVariants(db: Db, scope: Scope, variants: { variant_id: number; product_id: number }[]): Promise<Record<string, any>[]> {
  const variantIds = variants.map((v) => v.variant_id);
  const productIds = [...new Set(variants.map((v) => v.product_id))];
  return inScope(db('inventory_items as it'), scope, { table: 'it' })
    .join('inventories as inv', 'inv.id', 'it.inventory_id')
    .join('storage_boxes as b', 'b.id', 'it.storage_box_id')
    .join('storages as st', 'st.id', 'b.storage_id')
    .where((w) => w.whereIn('it.variant_id', variantIds).orWhere((x) => x.whereNull('it.variant_id').whereIn('it.product_id', productIds)))
    .select(
      'it.id', 'it.product_id', 'it.variant_id', 'it.quantity', 'it.unit', 'it.min_quantity', 'it.lot_number', 'it.serial_number', 'it.expiry_date',
      'inv.id as inventory_id', 'inv.name as inventory_name', 'st.id as storage_id', 'st.name as storage_name', 'b.id as storage_box_id', 'b.name as storage_box_name',
    )
    .orderBy(['inv.name', 'st.name', 'b.name', 'it.id']);

}

function stockLocation(it: Record<string, any>): StockLocation {
  return {
    inventory_item_id: it.id,
    inventory_id: it.inventory_id,
    inventory_name: it.inventory_name,
    storage_id: it.storage_id,
    storage_name: it.storage_name,
    storage_box_id: it.storage_box_id,
    storage_box_name: it.storage_box_name,
    quantity: it.quantity,
    unit: it.unit,
    min_quantity: it.min_quantity,
    lot_number: it.lot_number,
    serial_number: it.serial_number,
    expiry_date: it.expiry_date ?? null,
  };
}
