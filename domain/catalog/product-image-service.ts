// Product images: every image belongs to exactly one variant (and so to its product),
// at most one image per variant is primary (the first one uploaded becomes primary).
// Files go through MediaStore: type decided by magic bytes (PNG, JPEG, WebP), size
// capped, stored content-addressed under MEDIA_ROOT/products and served with
// absolute URLs. Width and height are read from the picture's header (MediaStore),
// which also refuses pictures over PRODUCT_IMAGE_MAX_PIXELS.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MediaStore, UploadRule } from '../media/media-store.js';
import { DomainError, NotFound } from '../../jobs/runtime/errors.js';
import { auditCtx, inScope, ReferenceNotFound, type Db } from '../shared/scoped-rows.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { imageOut, type ImageOut } from './product-graph.js';
import type { Body, CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { isUpload, type Upload } from '../media/upload.js';
import { ProductImage, ProductVariant } from '../../db/models/index.js';
import { operationIds, requireChildren, VARIANT_IMAGES, type NestedOperations } from './nested-operations.js';

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** what a decoder may be asked to hold for one picture (a 60 MP photo is about 180 MB decoded) */
export const PRODUCT_IMAGE_MAX_PIXELS = 60_000_000;
export const productImageRule = (field: string): UploadRule => ({ field, types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: PRODUCT_IMAGE_MAX_BYTES, maxPixels: PRODUCT_IMAGE_MAX_PIXELS });

/** A checked and stored image file, ready to be recorded on a row. */
export interface StoredImage {
  path: string;
  /** the bytes, to put the file back if a concurrent removal took it before the row was written (MediaStore.claim) */
  data: Buffer;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface ImageFields {
  alt_text?: string;
  is_primary?: boolean;
  position?: number;
}

export const imageListSpec = {
  filters: {
    variant_id: { column: 'i.variant_id', schema: Joi.number().integer().positive().max(2147483647) },
    product_id: { column: 'i.product_id', schema: Joi.number().integer().positive().max(2147483647) },
    is_primary: { column: 'i.is_primary', schema: Joi.boolean() },
  },
  search: ['i.alt_text'],
  ordering: { created_at: 'i.created_at', position: 'i.position', id: 'i.id' },
  defaultOrdering: 'created_at',
  tiebreak: 'i.id',
} satisfies ListSpec;

export class ProductImageService implements CollectionService<ImageOut> {
  constructor(private readonly platform: Platform, private readonly audit: AuditService, private readonly media: MediaStore) {}

  private url = (p: string) => this.media.url(p);

  /** product_images rows of the scope (they carry no scope columns: their product does) */
  private inScopeImages(db: Db, scope: Scope) {
    return inScope(ProductImage.query(db).alias('i').join('products as p', 'p.id', 'i.product_id'), scope, { table: 'p' }).select('i.*');
  }

  list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<ImageOut>> {
    return paginate(at, applyListParams(this.inScopeImages(this.platform.knex, actor.scope), imageListSpec, params), params, (r) => imageOut(r, this.url));
  }

  async get(actor: Actor, id: number, db: Db = this.platform.knex): Promise<ImageOut> {
    return imageOut(await this.find(db, actor.scope, id), this.url);
  }

  /** multipart: image (file), variant_id, alt_text, is_primary */
  async create(actor: Actor, body: Body): Promise<ImageOut> {
    const { scope, userId: actorId } = actor;
    const input = body as unknown as ImageFields & { variant_id: number; image: unknown };
    const file = await this.store(asUpload(input.image, 'image'), 'image');
    const id = await this.platform.knex.transaction(async (trx) => {
      const variant = await this.variantInScope(trx, scope, input.variant_id, 'variant_id', true);
      const row = await this.insert(trx, variant, file, input);
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product_image.create', entityType: 'product_image', entityId: row.id, summary: `Added an image to product ${variant.product_id}`, changes: { variant_id: variant.id, path: file.path } });
      return row.id as number;
    });
    return this.get(actor, id);
  }

  /** PUT and PATCH alike: alt_text, is_primary, position, variant_id (move), image (replace the file) — each optional. */
  async update(actor: Actor, id: number, body: Body): Promise<ImageOut> {
    const { scope, userId: actorId } = actor;
    const input = body as unknown as ImageFields & { variant_id?: number; image?: unknown };
    const file = input.image !== undefined ? await this.store(asUpload(input.image, 'image'), 'image') : null;
    let replacedPath: string | null = null;
    await this.platform.knex.transaction(async (trx) => {
      const before = await this.find(trx, scope, id, true);
      const patch: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (input.alt_text !== undefined) patch.alt_text = input.alt_text;
      if (input.position !== undefined) patch.position = input.position;
      let variantId = before.variant_id as number;
      if (input.variant_id !== undefined && input.variant_id !== before.variant_id) {
        const variant = await this.variantInScope(trx, scope, input.variant_id, 'variant_id', true);
        variantId = variant.id;
        Object.assign(patch, { variant_id: variant.id, product_id: variant.product_id, is_primary: false });
      }
      if (file) {
        await this.media.claim(trx, file.path, file.data);
        Object.assign(patch, { path: file.path, content_type: file.contentType, size: file.size, width: file.width, height: file.height });
        replacedPath = before.path;
      }
      await ProductImage.query(trx).where({ id }).patch(patch);
      if (input.is_primary === true) await this.makePrimary(trx, variantId, id);
      else if (input.is_primary === false && before.is_primary) await ProductImage.query(trx).where({ id }).patch({ is_primary: false });
      // both the variant it left and the one it joined keep exactly one primary
      await this.ensurePrimary(trx, [before.variant_id, variantId]);
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product_image.update', entityType: 'product_image', entityId: id, summary: `Updated image ${id}`, changes: { ...input, image: file ? file.path : undefined } });
    });
    if (replacedPath) await this.removeFileIfUnused(replacedPath);
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const { scope, userId: actorId } = actor;
    const row = await this.platform.knex.transaction(async (trx) => {
      const image = await this.find(trx, scope, id, true);
      await ProductImage.query(trx).where({ id }).delete();
      await this.ensurePrimary(trx, [image.variant_id]);
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product_image.delete', entityType: 'product_image', entityId: id, summary: `Deleted image ${id} of product ${image.product_id}` });
      return image;
    });
    await this.removeFileIfUnused(row.path);
  }

  // ── used by product writes (nested `images` of a variant) ────────────────────

  /** Checks type and size, decodes it (width/height) and stores it; throws 400/413/415. */
  async store(file: Upload, field: string): Promise<StoredImage> {
    const rule = productImageRule(field);
    const type = await this.media.checkUpload(file, rule); // type, bytes and pixel limits
    const { width, height } = await this.media.imageSize(file.bytes, rule);
    const saved = await this.media.saveTyped(file.bytes, type, 'products');
    return { path: saved.path, data: file.bytes, contentType: saved.contentType, size: saved.size, width, height };
  }

  async insert(trx: Knex.Transaction, variant: { id: number; product_id: number }, file: StoredImage, fields: ImageFields): Promise<Record<string, any>> {
    const top = (await ProductImage.query(trx).where({ variant_id: variant.id }).max('position as m').first()) as unknown as { m: number | null } | undefined;
    const position = fields.position ?? Number(top?.m ?? -1) + 1;
    await this.media.claim(trx, file.path, file.data);
    const row: Record<string, any> = await ProductImage.query(trx)
      .insert({ variant_id: variant.id, product_id: variant.product_id, path: file.path, content_type: file.contentType, size: file.size, width: file.width, height: file.height, alt_text: fields.alt_text ?? '', is_primary: false, position })
      .returning('*');
    if (fields.is_primary) await this.makePrimary(trx, variant.id, row.id);
    await this.ensurePrimary(trx, [variant.id]);
    return row;
  }

  /**
   * Makes a variant's images exactly `images` (ids of images of the same product,
   * possibly moved from a sibling variant, or new files), in that order. Returns the
   * paths of removed images so their files can go once the transaction commits.
   */
  async syncVariantImages(trx: Knex.Transaction, productId: number, variantId: number, images: (ImageFields & { id?: number; file?: StoredImage })[], path: string, claimedElsewhere: number[] = []): Promise<string[]> {
    const ids = images.filter((i) => i.id !== undefined).map((i) => i.id!);
    const owned = ids.length ? (await ProductImage.query(trx).whereIn('id', ids).where({ product_id: productId }).select('id')).map((r) => r.id) : [];
    images.forEach((img, n) => {
      if (img.id !== undefined && !owned.includes(img.id)) throw new ReferenceNotFound(`${path}.${n}.id`, 'Product image', img.id);
    });
    const removed = await ProductImage.query(trx).where({ variant_id: variantId }).whereNotIn('id', [...owned, ...claimedElsewhere]).delete().returning('path');
    const movedFrom = owned.length ? (await ProductImage.query(trx).whereIn('id', owned).whereNot({ variant_id: variantId }).distinct('variant_id')).map((r) => r.variant_id) : [];
    await ProductImage.query(trx).where({ variant_id: variantId }).patch({ is_primary: false });
    let primaryId: number | null = null;
    for (const [position, img] of images.entries()) {
      if (img.id !== undefined) {
        await ProductImage.query(trx).where({ id: img.id }).patch({ variant_id: variantId, position, is_primary: false, ...(img.alt_text !== undefined ? { alt_text: img.alt_text } : {}), updated_at: trx.fn.now() });
        if (img.is_primary) primaryId = img.id;
      } else if (img.file) {
        const row = await this.insert(trx, { id: variantId, product_id: productId }, img.file, { alt_text: img.alt_text, position });
        if (img.is_primary) primaryId = row.id;
      }
    }
    if (primaryId) await this.makePrimary(trx, variantId, primaryId);
    await this.ensurePrimary(trx, [variantId, ...movedFrom]);
    return removed.map((r: { path: string }) => r.path);
  }

  /**
   * A variant's images in the operation style: `delete` and `update` name images of
   * this variant only (nested-operations.ts); `create` adds stored files after the
   * others. Returns the paths of files no row may need any more (deleted or replaced
   * images) so they can go once the transaction commits.
   */
  async applyOperations(trx: Knex.Transaction, scope: Scope, variant: { id: number; product_id: number }, ops: NestedOperations<ImageFields & { file?: StoredImage }, ImageFields & { file?: StoredImage }>, path: string): Promise<string[]> {
    const { updates, deletes } = operationIds(ops, path);
    await requireChildren(trx, scope, VARIANT_IMAGES, variant.id, [...updates, ...deletes]);
    const released: string[] = [];
    if (deletes.length) {
      const gone = (await ProductImage.query(trx).whereIn('id', deletes.map((d) => d.id)).where({ variant_id: variant.id }).delete().returning('path')) as unknown as { path: string }[];
      released.push(...gone.map((r) => r.path));
    }
    for (const { id } of updates) {
      const change = ops.update![String(id)];
      const patch: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (change.alt_text !== undefined) patch.alt_text = change.alt_text;
      if (change.position !== undefined) patch.position = change.position;
      if (change.is_primary === false) patch.is_primary = false;
      if (change.file) {
        const before = await ProductImage.query(trx).findById(id).select('path');
        if (before && before.path !== change.file.path) released.push(before.path);
        await this.media.claim(trx, change.file.path, change.file.data);
        Object.assign(patch, { path: change.file.path, content_type: change.file.contentType, size: change.file.size, width: change.file.width, height: change.file.height });
      }
      await ProductImage.query(trx).where({ id }).patch(patch);
      if (change.is_primary === true) await this.makePrimary(trx, variant.id, id);
    }
    for (const img of ops.create ?? []) {
      if (!img.file) throw new DomainError('invalid', 'empty_file', `${path}.create needs an image file for every new image.`, [{ path: `${path}.create`, message: 'image file missing' }]);
      await this.insert(trx, variant, img.file, img);
    }
    await this.ensurePrimary(trx, [variant.id]);
    return released;
  }

  async removeFileIfUnused(relative: string): Promise<void> {
    await this.media.removeIfUnused(relative, async (db) => Boolean(await ProductImage.query(db).where({ path: relative }).select('id').first())).catch((err) => {
      this.platform.log.warn({ err, path: relative }, 'could not remove an unused media file');
    });
  }

  // ── internals ───────────────────────────────────────────────────────────────

  private async find(db: Db, scope: Scope, id: number, forUpdate = false): Promise<Record<string, any>> {
    if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw new NotFound('Product image');
    const q = this.inScopeImages(db, scope).where('i.id', id).first();
    if (forUpdate) (q as unknown as Knex.QueryBuilder).forUpdate('i');
    const row = await q;
    if (!row) throw new NotFound('Product image');
    return row;
  }

  async variantInScope(db: Db, scope: Scope, variantId: number, field: string, lock = false): Promise<{ id: number; product_id: number }> {
    const q = inScope(ProductVariant.query(db), scope).where({ id: variantId }).select('id', 'product_id').first();
    if (lock) q.forUpdate();
    const v = await q;
    if (!v) throw new ReferenceNotFound(field, 'Product variant', variantId);
    return v;
  }

  private async makePrimary(trx: Knex.Transaction, variantId: number, imageId: number): Promise<void> {
    await ProductImage.query(trx).where({ variant_id: variantId }).whereNot({ id: imageId }).where({ is_primary: true }).patch({ is_primary: false });
    await ProductImage.query(trx).where({ id: imageId }).patch({ is_primary: true });
  }

  /** A variant with images always has one primary: the first by position when none is. */
  private async ensurePrimary(trx: Knex.Transaction, variantIds: number[]): Promise<void> {
    for (const variantId of new Set(variantIds)) {
      const has = await ProductImage.query(trx).where({ variant_id: variantId, is_primary: true }).select('id').first();
      if (has) continue;
      const first = await ProductImage.query(trx).where({ variant_id: variantId }).orderBy(['position', 'id']).select('id').first();
      if (first) await ProductImage.query(trx).where({ id: first.id }).patch({ is_primary: true });
    }
  }
}

/** A file field must arrive as a file (the edge read it into an Upload), not as text. */
function asUpload(value: unknown, field: string): Upload {
  if (isUpload(value) && value.size > 0) return value;
  if (isUpload(value) || value === undefined || value === null || value === '') throw new DomainError('invalid', 'empty_file', `${field} must be a non-empty file.`, [{ path: field, message: 'empty file' }]);
  throw new DomainError('unsupported_type', 'unsupported_file_type', `${field} must be an image file sent as multipart/form-data.`, [{ path: field, message: 'not a file' }]);
}
