// The nested parts of a product write: tags with their values, and variants with
// their tags and images. A given array replaces what is stored; variants keep their
// identity (and so their images and stock) when the write names them by `id`, or —
// for clients that resend a whole product without ids — by an unchanged SKU.
// A variant's tags and images may also be written in the operation style
// (nested-operations.ts): only the rows named change.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import { Conflict, Invalid, type FieldIssue } from '../../jobs/runtime/errors.js';
import { inScope, ReferenceNotFound, scopeOnly } from '../shared/scoped-rows.js';
import { parseGtin } from './gtin.js';
import type { ProductImageService, ImageFields, StoredImage } from './product-image-service.js';
import type { Upload } from '../media/upload.js';
import { ProductImage, ProductTag, ProductTagValue, ProductVariant, VariantTag } from '../../db/models/index.js';
import { isOperations, nextPosition, operationIds, PRODUCT_TAGS, requireChildren, VARIANT_TAGS, type NestedOperations, type NestedWrite } from './nested-operations.js';

export interface TagIn {
  label: string;
  values: string[];
}

export interface VariantImageIn extends ImageFields {
  /** an image of this product to keep (or move to this variant) */
  id?: number;
  /** a new file (base64 in JSON or a multipart part, read at the edge) */
  image?: Upload;
  /** the new file, already checked and stored (the write then only records it) */
  file?: StoredImage;
}

/** Changes to an image named by id in an `update` operation (a new `image` replaces the file). */
export interface VariantImagePatch extends ImageFields {
  image?: Upload;
  file?: StoredImage;
}

export interface VariantTagIn {
  label: string;
  value: string;
}

export interface VariantIn {
  id?: number;
  name?: string;
  sku?: string;
  barcode?: string | null;
  tags?: NestedWrite<VariantTagIn, Partial<VariantTagIn>>;
  images?: NestedWrite<VariantImageIn, VariantImagePatch>;
  /** where the entry stands in the request, for error paths (default variants.<index>) */
  path?: string;
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

/** Product tags in the operation style: new tags go last; `values` given on an update replace that tag's values. */
export async function applyProductTagOps(trx: Knex.Transaction, scope: Scope, productId: number, ops: NestedOperations<TagIn, Partial<TagIn>>, path = 'tags'): Promise<void> {
  const { updates, deletes } = operationIds(ops, path);
  await requireChildren(trx, scope, PRODUCT_TAGS, productId, [...updates, ...deletes]);
  if (deletes.length) await ProductTag.query(trx).whereIn('id', deletes.map((d) => d.id)).where({ product_id: productId }).delete();
  for (const { id } of updates) {
    const change = ops.update![String(id)];
    if (change.label !== undefined) await ProductTag.query(trx).where({ id }).patch({ label: change.label });
    if (change.values !== undefined) {
      await ProductTagValue.query(trx).where({ tag_id: id }).delete();
      if (change.values.length) await ProductTagValue.query(trx).insert(change.values.map((value, position) => ({ tag_id: id, value, position })));
    }
  }
  const created = ops.create ?? [];
  if (created.length === 0) return;
  const start = await nextPosition(trx, PRODUCT_TAGS, productId);
  const rows: { id: number }[] = await ProductTag.query(trx).insert(created.map((t, i) => ({ product_id: productId, label: t.label, position: start + i }))).returning('id');
  const values = created.flatMap((t, i) => (t.values ?? []).map((value, position) => ({ tag_id: rows[i].id, value, position })));
  if (values.length) await ProductTagValue.query(trx).insert(values);
}

/** A variant's tags: a plain array replaces them, operations change only the rows named. */
async function writeVariantTags(trx: Knex.Transaction, scope: Scope, variantId: number, tags: NestedWrite<VariantTagIn, Partial<VariantTagIn>> | undefined, path: string): Promise<void> {
  if (!isOperations(tags)) {
    await VariantTag.query(trx).where({ variant_id: variantId }).delete();
    const list = tags ?? [];
    if (list.length) await VariantTag.query(trx).insert(list.map((t, position) => ({ variant_id: variantId, label: t.label, value: t.value, position })));
    return;
  }
  const { updates, deletes } = operationIds(tags, path);
  await requireChildren(trx, scope, VARIANT_TAGS, variantId, [...updates, ...deletes]);
  if (deletes.length) await VariantTag.query(trx).whereIn('id', deletes.map((d) => d.id)).where({ variant_id: variantId }).delete();
  for (const { id } of updates) {
    const change = tags.update![String(id)];
    const patch = { ...(change.label !== undefined ? { label: change.label } : {}), ...(change.value !== undefined ? { value: change.value } : {}) };
    if (Object.keys(patch).length) await VariantTag.query(trx).where({ id }).patch(patch);
  }
  const created = tags.create ?? [];
  if (created.length === 0) return;
  const start = await nextPosition(trx, VARIANT_TAGS, variantId);
  await VariantTag.query(trx).insert(created.map((t, i) => ({ variant_id: variantId, label: t.label, value: t.value ?? '', position: start + i })));
}

/** Checks a variants array before anything is written: barcodes, duplicate SKUs, SKUs taken elsewhere in the scope. */
export async function checkVariants(trx: Knex.Transaction, scope: Scope, productId: number | null, variants: VariantIn[]): Promise<VariantIn[]> {
  const issues: FieldIssue[] = [];
  const seen = new Map<string, number>();
  const at = (i: number) => variants[i].path ?? `variants.${i}`;
  const checked = variants.map((v, i) => {
    const out = { ...v };
    if (v.barcode) out.barcode = parseGtin(v.barcode, `${at(i)}.barcode`).code;
    else if (v.barcode !== undefined) out.barcode = '';
    const sku = (v.sku ?? '').trim();
    if (sku) {
      const key = sku.toLowerCase();
      if (seen.has(key)) issues.push({ path: `${at(i)}.sku`, message: `sku "${sku}" is used twice in this product (also ${at(seen.get(key)!)}.sku)`, type: 'sku.duplicate' });
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
      throw new Conflict(`SKU "${taken.sku}" is already used by product ${taken.product_id} in this scope.`, 'sku_conflict', { field: `${at(seen.get(String(taken.sku).toLowerCase())!)}.sku`, sku: taken.sku, product_id: taken.product_id });
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
  const { targets, claimed } = variantTargets(existing, variants);

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
  const namedImageIds = variants.flatMap((v) => (isOperations(v.images) ? [] : (v.images ?? []).map((i) => i.id).filter((x): x is number => x !== undefined)));
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
    const at = v.path ?? `variants.${i}`;
    if (v.tags !== undefined || (replaceMissingNested && !isNew)) await writeVariantTags(trx, scope, variantId, v.tags, `${at}.tags`);
    if (isOperations(v.images)) {
      removedImagePaths.push(...(await images.applyOperations(trx, scope, { id: variantId, product_id: productId }, v.images, `${at}.images`)));
    } else if (v.images !== undefined || (replaceMissingNested && !isNew)) {
      const list = await Promise.all((v.images ?? []).map(async (img, n) => ({ ...img, file: img.file ?? (img.image ? await images.store(img.image, `${at}.images.${n}.image`) : undefined) })));
      removedImagePaths.push(...(await images.syncVariantImages(trx, productId, variantId, list, `${at}.images`, namedImageIds)));
    }
  }
  return { removedImagePaths };
}

/** Which stored variant each entry is: its id, else an unclaimed variant with its SKU, else none (a new variant). */
function variantTargets(existing: { id: number; sku: string }[], variants: VariantIn[]): { targets: (number | null)[]; claimed: Set<number> } {
  const existingIds = new Set(existing.map((v) => v.id));
  const claimed = new Set<number>();
  const targets = variants.map((v, i) => {
    if (v.id !== undefined) {
      if (!existingIds.has(v.id) || claimed.has(v.id)) throw new ReferenceNotFound(`${v.path ?? `variants.${i}`}.id`, 'Product variant', v.id);
      claimed.add(v.id);
      return v.id;
    }
    const sku = (v.sku ?? '').trim().toLowerCase();
    const bySku = sku ? existing.find((e) => !claimed.has(e.id) && e.sku.toLowerCase() === sku) : undefined;
    if (bySku) claimed.add(bySku.id);
    return bySku?.id ?? null;
  });
  return { targets, claimed };
}

function pick<T extends object, K extends keyof T>(obj: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}
