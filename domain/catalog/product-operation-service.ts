// Product writes with nested collections in the operation style (the projected
// catalog API): tags, variants, and each variant's tags and images given as a plain
// array (create on create, replace on patch) or as {create, update, delete}.
// It is the same product write as ProductService's — the same validation (GTINs,
// SKUs unique per scope), the same nested helpers (product-nested.ts) and image
// rules — with two guarantees on top: the whole request is one transaction, the
// read of the answer included (`respond`), and new image files are stored
// before it and removed again when it rolls back.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import { diff } from '../audit/audit-service.js';
import { DomainError, Invalid } from '../../jobs/runtime/errors.js';
import { auditCtx, findInScope, scopeFill } from '../shared/scoped-rows.js';
import type { Actor } from '../shared/actor.js';
import { DEFAULTS, pickScalars, skuRace, toInput, type ProductIn, type ProductService } from './product-service.js';
import type { ProductImageService } from './product-image-service.js';
import { isUpload, type Upload } from '../media/upload.js';
import { applyProductTagOps, checkVariants, replaceTags, replaceVariants, type TagIn, type VariantIn } from './product-nested.js';
import { isOperations, operationIds, PRODUCT_VARIANTS, requireChildren, type NestedOperations, type NestedWrite } from './nested-operations.js';
import { Product, ProductVariant } from '../../db/models/index.js';

/** Changes to a variant named by id in an `update` operation. */
export type VariantPatch = Omit<VariantIn, 'id' | 'path'>;

export interface ProductWriteIn extends Omit<ProductIn, 'tags' | 'variants'> {
  product_name?: string;
  tags?: NestedWrite<TagIn, Partial<TagIn>>;
  variants?: NestedWrite<VariantIn, VariantPatch>;
}

/** New image files one request may carry (each is also capped by size and type). */
export const MAX_IMAGES_PER_REQUEST = 40;

type Respond<R> = (trx: Knex.Transaction, productId: number) => Promise<R>;

export class ProductOperationService {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
    private readonly products: ProductService,
    private readonly images: ProductImageService,
  ) {}

  /** A new product with its nested rows; `respond` reads the result inside the same transaction. */
  async create<R>(actor: Actor, body: ProductWriteIn, respond: Respond<R>): Promise<R> {
    const { scope, userId } = actor;
    return this.inOneTransaction(body, async (trx, released) => {
      const input = toInput(body as never) as ProductWriteIn & { name: string };
      const familyId = await this.products.resolveFamily(trx, scope, userId, input as ProductIn);
      const variants = await checkVariants(trx, scope, null, createdList(input.variants, 'variants'));
      const tags = createdList(input.tags, 'tags');
      const row = await Product.query(trx)
        .insert({ ...DEFAULTS, ...pickScalars(input as ProductIn), family_id: familyId ?? null, ...scopeFill(scope, userId) })
        .returning(['id', 'name']);
      await replaceTags(trx, row.id, tags);
      released.push(...(await replaceVariants(trx, scope, row.id, variants, this.images, true)).removedImagePaths);
      await this.audit.record(trx, auditCtx(scope, userId), {
        action: 'product.create', entityType: 'product', entityId: row.id, summary: `Created product "${row.name}"`,
        changes: { name: row.name, variants: variants.length, tags: tags.length },
      });
      return respond(trx, row.id);
    });
  }

  /** Only what is given changes; nested arrays replace, nested operations change the rows they name. */
  async patch<R>(actor: Actor, productId: number, body: ProductWriteIn, respond: Respond<R>): Promise<R> {
    const { scope, userId } = actor;
    return this.inOneTransaction(body, async (trx, released) => {
      const before = await findInScope<Record<string, unknown>>(trx, Product, productId, scope, 'Product', { forUpdate: true });
      const input = toInput(body as never) as ProductWriteIn;
      const patch = pickScalars(input as ProductIn);
      if (input.family_id !== undefined || input.product_family_name !== undefined) patch.family_id = (await this.products.resolveFamily(trx, scope, userId, input as ProductIn)) ?? null;
      const [after]: Record<string, any>[] = await Product.query(trx).where({ id: productId }).patch({ ...patch, updated_at: trx.fn.now() }).returning('*');
      if (isOperations(input.tags)) await applyProductTagOps(trx, scope, productId, input.tags);
      else if (input.tags !== undefined) await replaceTags(trx, productId, input.tags);
      if (input.variants !== undefined) {
        const list = isOperations(input.variants) ? await this.variantsAfter(trx, actor, productId, input.variants) : input.variants.map((v, i) => ({ ...v, path: `variants.${i}` }));
        const variants = await checkVariants(trx, scope, productId, list);
        released.push(...(await replaceVariants(trx, scope, productId, variants, this.images, false)).removedImagePaths);
      }
      await this.audit.record(trx, auditCtx(scope, userId), {
        action: 'product.update', entityType: 'product', entityId: productId, summary: `Updated product "${after.name}"`,
        changes: { ...diff(before, after), ...(input.tags !== undefined ? { tags: describeWrite(input.tags) } : {}), ...(input.variants !== undefined ? { variants: describeWrite(input.variants) } : {}) },
      });
      return respond(trx, productId);
    });
  }

  /**
   * The variants a product has after `ops`, as the list replaceVariants makes true:
   * the stored ones in order (changed where updated, gone where deleted) with their
   * current SKUs, so duplicates against untouched variants are found, then the new ones.
   */
  private async variantsAfter(trx: Knex.Transaction, actor: Actor, productId: number, ops: NestedOperations<VariantIn, VariantPatch>): Promise<VariantIn[]> {
    const { updates, deletes } = operationIds(ops, 'variants');
    await requireChildren(trx, actor.scope, PRODUCT_VARIANTS, productId, [...updates, ...deletes]);
    const stored = await ProductVariant.query(trx).where({ product_id: productId }).orderBy(['position', 'id']).select('id', 'sku');
    const deleted = new Set(deletes.map((d) => d.id));
    const kept = stored
      .filter((v) => !deleted.has(v.id))
      .map((v): VariantIn => {
        const change = ops.update?.[String(v.id)];
        return change ? { ...change, id: v.id, sku: change.sku ?? v.sku, path: `variants.update.${v.id}` } : { id: v.id, sku: v.sku, path: `variants[id=${v.id}]` };
      });
    return [...kept, ...(ops.create ?? []).map((v, i) => ({ ...v, path: `variants.create.${i}` }))];
  }

  /**
   * Stores the request's new image files, runs `work` in one transaction, then
   * removes the files the write released; when anything fails, the files this
   * request stored go again (unless another row already uses the same content).
   */
  private async inOneTransaction<R>(body: ProductWriteIn, work: (trx: Knex.Transaction, released: string[]) => Promise<R>): Promise<R> {
    const stored: string[] = [];
    const released: string[] = [];
    let result: R;
    try {
      await this.storeFiles(body, stored);
      result = await this.platform.knex.transaction((trx) => work(trx, released)).catch(skuRace);
    } catch (err) {
      for (const p of stored) await this.images.removeFileIfUnused(p);
      throw err;
    }
    for (const p of released) await this.images.removeFileIfUnused(p);
    return result;
  }

  /** Replaces every `image` file in the body with its stored record (`file`); a bad one is a 400 naming its part. */
  private async storeFiles(body: ProductWriteIn, stored: string[]): Promise<void> {
    const found: { holder: Record<string, unknown>; upload: Upload; path: (string | number)[] }[] = [];
    const visit = (node: unknown, path: (string | number)[]) => {
      if (Array.isArray(node)) node.forEach((v, i) => visit(v, [...path, i]));
      else if (node && typeof node === 'object' && !Buffer.isBuffer(node) && !isUpload(node)) {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'image' && isUpload(v)) found.push({ holder: node as Record<string, unknown>, upload: v, path: [...path, k] });
          else visit(v, [...path, k]);
        }
      }
    };
    visit(body.variants, ['variants']);
    if (found.length > MAX_IMAGES_PER_REQUEST) {
      throw new Invalid(`At most ${MAX_IMAGES_PER_REQUEST} new images per request (${found.length} given).`, [{ path: 'variants', message: `${found.length} images`, type: 'images.max' }], 'too_many_images');
    }
    for (const f of found) {
      const { part, index } = partName(f.path);
      try {
        const file = await this.images.store(f.upload, part);
        stored.push(file.path);
        f.holder.file = file;
        delete f.holder.image;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const which = index === null ? part : `${part} (file ${index + 1})`;
        throw new DomainError('invalid', err.code, `Image ${which}: ${err.message}`, [{ path: f.path.join('.'), part, ...(index === null ? {} : { index }), message: err.message } as never]);
      }
    }
  }
}

/** On create a plain array and {create: [...]} mean the same; paths follow the form the client used. */
function createdList<C, U>(write: NestedWrite<C, U> | undefined, name: string): (C & { path: string })[] {
  if (write === undefined) return [];
  if (Array.isArray(write)) return write.map((v, i) => ({ ...v, path: `${name}.${i}` }));
  return (write.create ?? []).map((v, i) => ({ ...v, path: `${name}.create.${i}` }));
}

const describeWrite = (w: NestedWrite<unknown, unknown>) =>
  Array.isArray(w) ? 'replaced' : { created: w.create?.length ?? 0, updated: Object.keys(w.update ?? {}).length, deleted: w.delete?.length ?? 0 };

/**
 * The multipart part a file arrives in: `variants[0][images][create][1][image]`, or
 * for the list form (files that replace a variant's images) `variants[0][images]`
 * with the file's index among the parts of that name.
 */
export function partName(path: (string | number)[]): { part: string; index: number | null } {
  const bracket = (segments: (string | number)[]) => `${segments[0]}${segments.slice(1).map((s) => `[${s}]`).join('')}`;
  const n = path.length;
  if (n >= 3 && path[n - 3] === 'images' && typeof path[n - 2] === 'number') return { part: bracket(path.slice(0, n - 2)), index: path[n - 2] as number };
  return { part: bracket(path), index: null };
}
