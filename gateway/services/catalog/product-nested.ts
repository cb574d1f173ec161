// The nested parts of a product write: tags with their values, and variants with
// their tags and images. A given array replaces what is stored; variants keep their
// identity (and so their images and stock) when the write names them by `id`, or —
// for clients that resend a whole product without ids — by an unchanged SKU.
import type { Knex } from 'knex';
import type { Scope } from '../scope.js';
import { Conflict, Invalid, type FieldIssue } from '../../../jobs/runtime/errors.js';
import { inScope, ReferenceNotFound, scopeOnly } from '../scoped-rows.js';
import { parseGtin } from './gtin.js';
import type { ProductImageService, ImageFields } from './product-image-service.js';
import { ProductImage, ProductTag, ProductTagValue, ProductVariant, VariantTag } from '../../../db/models/index.js';

export interface TagIn {
  label: string;
  values: string[];
}

export interface VariantImageIn extends ImageFields {
  /** an image of this product to keep (or move to this variant) */
  id?: number;
  /** a new file (base64 in JSON, decoded at the edge; or a multipart part) */
  image?: Buffer;
}

export interface VariantIn {
  id?: number;
  name?: string;
  sku?: string;
  barcode?: string | null;
  tags?: { label: string; value: string }[];
  images?: VariantImageIn[];
}

export async function replaceTags(trx: Knex.Transaction, productId: number, tags: TagIn[]): Promise<void> {
  await ProductTag.query(trx).where({ product_id: productId }).delete();
  if (tags.length === 0) return;
  const rows: { id: number }[] = await ProductTag.query(trx)
    .insert(tags.map((t, position) => ({ product_id: productId, label: t.label, position })))
    .returning('id');
  const values = tags.flatMap((t, i) => t.values.map((value, position) => ({ tag_id: rows[i].id, value, position })));
  if (values.length) await ProductTagValue.query(trx).insert(values);
}

/** Checks a variants array before anything is written: barcodes, duplicate SKUs, SKUs taken elsewhere in the scope. */
export async function checkVariants(trx: Knex.Transaction, scope: Scope, productId: number | null, variants: VariantIn[]): Promise<VariantIn[]> {
  const issues: FieldIssue[] = [];
  const seen = new Map<string, number>();
  const checked = variants.map((v, i) => {
    const out = { ...v };
    if (v.barcode) out.barcode = parseGtin(v.barcode, `variants.${i}.barcode`).code;
    else if (v.barcode !== undefined) out.barcode = '';
    const sku = (v.sku ?? '').trim();
    if (sku) {
      const key = sku.toLowerCase();
      if (seen.has(key)) issues.push({ path: `variants.${i}.sku`, message: `sku "${sku}" is used twice in this product (also variants.${seen.get(key)}.sku)`, type: 'sku.duplicate' });
      seen.set(key, i);
    }
    return out;
  });
  if (issues.length) throw new Invalid(issues[0].message, issues, 'duplicate_sku');
  if (seen.size) {
    const q = inScope(ProductVariant.query(trx), scope).whereRaw('lower(sku) = ANY(?)', [[...seen.keys()]]).select('sku', 'product_id');
    if (productId) q.whereNot({ product_id: productId });
    const taken = await q.first();
    if (taken) {
      throw new Conflict(`SKU "${taken.sku}" is already used by product ${taken.product_id} in this scope.`, 'sku_conflict', { field: `variants.${seen.get(String(taken.sku).toLowerCase())}.sku`, sku: taken.sku, product_id: taken.product_id });
    }
  }
  return checked;
}

export interface VariantWriteResult {
  removedImagePaths: string[];
}

/**
 * Makes the product's variants exactly `variants` (already checked). `replaceMissingNested`
 * (PUT) resets a kept variant's tags/images when the entry omits them; PATCH leaves them.
 */
export async function replaceVariants(
  trx: Knex.Transaction,
  scope: Scope,
  productId: number,
  variants: VariantIn[],
  images: ProductImageService,
  replaceMissingNested: boolean,
): Promise<VariantWriteResult> {
  const existing: { id: number; sku: string }[] = await ProductVariant.query(trx).where({ product_id: productId }).orderBy('id').forUpdate().select('id', 'sku');
  const existingIds = new Set(existing.map((v) => v.id));
  const claimed = new Set<number>();
  // resolve which stored variant each entry is
  const targets = variants.map((v, i) => {
    if (v.id !== undefined) {
      if (!existingIds.has(v.id) || claimed.has(v.id)) throw new ReferenceNotFound(`variants.${i}.id`, 'Product variant', v.id);
      claimed.add(v.id);
      return v.id;
    }
    const sku = (v.sku ?? '').trim().toLowerCase();
    const bySku = sku ? existing.find((e) => !claimed.has(e.id) && e.sku.toLowerCase() === sku) : undefined;
    if (bySku) claimed.add(bySku.id);
    return bySku?.id ?? null;
  });

  const removed = existing.filter((e) => !claimed.has(e.id)).map((e) => e.id);
  const removedImagePaths: string[] = [];
  if (removed.length) {
    const paths = (await ProductImage.query(trx).whereIn('variant_id', removed).select('path')).map((r) => r.path);
    removedImagePaths.push(...paths);
    await ProductVariant.query(trx).whereIn('id', removed).delete();
  }
  // free the SKUs of kept variants first so two variants may swap SKUs in one write
  const kept = targets.filter((t): t is number => t !== null);
  if (kept.length) await ProductVariant.query(trx).whereIn('id', kept).patch({ sku: '' });

  const scopeCols = scopeOnly(scope);
  // images named by id anywhere in the write: a variant that lets go of one must not delete it when another takes it
  const namedImageIds = variants.flatMap((v) => (v.images ?? []).map((i) => i.id).filter((x): x is number => x !== undefined));
  for (const [i, v] of variants.entries()) {
    const fields = { name: v.name ?? '', sku: (v.sku ?? '').trim(), barcode: v.barcode ?? '', position: i };
    let variantId = targets[i];
    if (variantId) {
      const stored = existing.find((e) => e.id === variantId)!;
      const patch: Record<string, unknown> = replaceMissingNested ? fields : { ...pick(v, ['name', 'barcode']), sku: v.sku !== undefined ? fields.sku : stored.sku, position: i };
      await ProductVariant.query(trx).where({ id: variantId }).patch({ ...patch, updated_at: trx.fn.now() });
    } else {
      const row = await ProductVariant.query(trx).insert({ product_id: productId, ...fields, ...scopeCols }).returning('id');
      variantId = row.id as number;
    }
    const isNew = targets[i] === null;
    if (v.tags !== undefined || (replaceMissingNested && !isNew)) {
      await VariantTag.query(trx).where({ variant_id: variantId }).delete();
      const tags = v.tags ?? [];
      if (tags.length) await VariantTag.query(trx).insert(tags.map((t, position) => ({ variant_id: variantId, label: t.label, value: t.value, position })));
    }
    if (v.images !== undefined || (replaceMissingNested && !isNew)) {
      const list = await Promise.all((v.images ?? []).map(async (img, n) => ({ ...img, file: img.image ? await images.store(img.image, `variants.${i}.images.${n}.image`) : undefined })));
      removedImagePaths.push(...(await images.syncVariantImages(trx, productId, variantId, list, `variants.${i}.images`, namedImageIds)));
    }
  }
  return { removedImagePaths };
}

function pick<T extends object, K extends keyof T>(obj: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}
