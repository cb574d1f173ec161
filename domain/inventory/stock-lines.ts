// Receipt lines (receive / import): whole-number checks and the scope check of each
// line's storage box, product and variant, with one query per table however many
// lines there are. Produces the item columns the ledger upserts.
import type { Scope } from '../shared/scope.js';
import { Invalid, type FieldIssue } from '../../jobs/runtime/errors.js';
import { inScope, ReferenceNotFound } from '../shared/scoped-rows.js';
import type { Trx, UpsertRow } from './stock-sql.js';

/** Largest quantity an item may hold (int4 column, leaves head-room for sums). */
export const MAX_QUANTITY = 1_000_000_000;

export interface ReceiveLine {
  storage_box_id: number;
  product_id: number;
  quantity: number;
  inventory_id?: number | null;
  variant_id?: number | null;
  unit?: string | null;
  min_quantity?: number | null;
  lot_number?: string | null;
  serial_number?: string | null;
  expiry_date?: string | null;
  notes?: string | null;
}

export async function resolveReceiveLines(trx: Trx, scope: Scope, lines: ReceiveLine[], opts: { allowZero?: boolean; single?: boolean } = {}): Promise<UpsertRow[]> {
  // error paths name the line (lines[3].product_id), or just the field for a single item
  const at = (i: number, f: string) => (opts.single ? f : `lines[${i}].${f}`);
  const issues: FieldIssue[] = [];
  const min = opts.allowZero ? 0 : 1;
  lines.forEach((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity < min || l.quantity > MAX_QUANTITY) issues.push({ path: at(i, 'quantity'), message: `quantity must be a whole number from ${min} to ${MAX_QUANTITY}`, type: 'quantity' });
    for (const f of ['storage_box_id', 'product_id'] as const) if (!isId(l[f])) issues.push({ path: at(i, f), message: `${f} must be a positive integer id`, type: 'id' });
    if (l.variant_id != null && !isId(l.variant_id)) issues.push({ path: at(i, 'variant_id'), message: 'variant_id must be a positive integer id', type: 'id' });
    if (l.min_quantity != null && (!Number.isInteger(l.min_quantity) || l.min_quantity < 0)) issues.push({ path: at(i, 'min_quantity'), message: 'min_quantity must be a whole number >= 0', type: 'quantity' });
    if (l.expiry_date != null && !/^\d{4}-\d{2}-\d{2}$/.test(l.expiry_date)) issues.push({ path: at(i, 'expiry_date'), message: 'expiry_date must be YYYY-MM-DD', type: 'date' });
  });
  if (issues.length) throw new Invalid(`Invalid lines: ${issues.slice(0, 5).map((x) => `${x.path}: ${x.message}`).join('; ')}`, issues);

  const boxes = await idMap(trx, 'storage_boxes', scope, lines.map((l) => l.storage_box_id), ['id', 'inventory_id']);
  const products = await idMap(trx, 'products', scope, lines.map((l) => l.product_id), ['id', 'base_unit']);
  const variantIds = lines.map((l) => l.variant_id).filter((v): v is number => v != null);
  const variants = variantIds.length ? await idMap(trx, 'product_variants', scope, variantIds, ['id', 'product_id']) : new Map();
  return lines.map((l, i) => {
    const box = boxes.get(l.storage_box_id);
    if (!box) throw new ReferenceNotFound(at(i, 'storage_box_id'), 'Storage box', l.storage_box_id);
    const product = products.get(l.product_id);
    if (!product) throw new ReferenceNotFound(at(i, 'product_id'), 'Product', l.product_id);
    if (l.variant_id != null && variants.get(l.variant_id)?.product_id !== l.product_id) throw new ReferenceNotFound(at(i, 'variant_id'), 'Product variant', l.variant_id);
    if (l.inventory_id != null && l.inventory_id !== box.inventory_id) throw Invalid.field(at(i, 'inventory_id'), `Storage box ${box.id} belongs to inventory ${box.inventory_id}, not ${l.inventory_id}.`, 'inventory_mismatch');
    return {
      inventory_id: box.inventory_id,
      storage_box_id: l.storage_box_id,
      product_id: l.product_id,
      variant_id: l.variant_id ?? null,
      quantity: l.quantity,
      unit: (l.unit ?? product.base_unit ?? 'pcs').slice(0, 32) || 'pcs',
      min_quantity: l.min_quantity ?? 0,
      lot_number: (l.lot_number ?? '').trim().slice(0, 100),
      serial_number: (l.serial_number ?? '').trim().slice(0, 100),
      expiry_date: l.expiry_date ?? null,
      notes: l.notes ?? '',
    };
  });
}

async function idMap(trx: Trx, table: string, scope: Scope, ids: number[], columns: string[]): Promise<Map<number, Record<string, any>>> {
  const unique = [...new Set(ids)];
  const rows = await inScope(trx(table).whereRaw(`${table}.id = ANY(?::int[])`, [unique]), scope, { table }).select(columns.map((c) => `${table}.${c}`));
  return new Map(rows.map((r: Record<string, any>) => [Number(r.id), r]));
}

const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647;
