// Products with their nested tags and variants, written in one request and one
// database transaction. The write name of a product's name is `product_name` (the
// catalog write shape); `name` is accepted too, and reads carry both. Implements the
// shared CollectionService, so /api/products/ is served by the collection route
// factory; a list with a non-empty `search` is recorded in the caller's search history.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import { diff } from '../audit/audit-service.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { auditCtx, findInScope, inScope, requireInScope, scopeFill, type Db } from '../shared/scoped-rows.js';
import { applyListParams, escapeLike, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { equivalentCodes, checkGtin } from './gtin.js';
import { loadProducts, productOut, type ProductOut } from './product-graph.js';
import { PRODUCT_GRAPH_COLUMNS } from './product-graph-sql.js';
import { checkVariants, replaceTags, replaceVariants, type TagIn, type VariantIn } from './product-nested.js';
import type { ProductFamilyService } from './product-family-service.js';
import type { ProductImageService } from './product-image-service.js';
import type { ProductSearchService, SearchOut } from './product-search-service.js';
import type { Body, CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { InventoryItem, Product, ProductFamily, ProductImage } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';

export interface ProductIn {
  name?: string;
  supplier?: string;
  description?: string;
  category?: string;
  base_unit?: string;
  family_id?: number | null;
  product_family_name?: string | null;
  tags?: TagIn[];
  variants?: VariantIn[];
}

const PRODUCT_GRAPH_FROM_AS_BUILDER = 'products as p';
const SCALARS = ['name', 'supplier', 'description', 'category', 'base_unit'] as const;
export const DEFAULTS = { supplier: '', description: '', category: '', base_unit: 'pcs' };
const id = Joi.number().integer().positive().max(2147483647);

export const productListSpec = {
  filters: {
    category: { column: 'p.category', schema: Joi.string().max(150), op: 'ilike' },
    supplier: { column: 'p.supplier', schema: Joi.string().max(255), op: 'ilike' },
    base_unit: { column: 'p.base_unit', schema: Joi.string().max(32) },
    family_id: { column: 'p.family_id', schema: id },
    product_family_name: {
      column: 'f.name',
      schema: Joi.string().max(150),
      apply: (q, v) => void q.whereExists((s) => s.from('product_families as pf').whereRaw('pf.id = p.family_id').whereRaw('lower(pf.name) = lower(?)', [String(v)])),
    },
    sku: {
      column: 'v.sku',
      schema: Joi.string().max(100),
      apply: (q, v) => void q.whereExists((s) => s.from('product_variants as v').whereRaw('v.product_id = p.id').whereRaw('lower(v.sku) = lower(?)', [String(v)])),
    },
    barcode: {
      column: 'v.barcode',
      schema: Joi.string().max(32),
      apply: (q, v) => {
        const check = checkGtin(String(v));
        const codes = check.ok ? equivalentCodes(check.gtin) : [String(v)];
        q.whereExists((s) => s.from('product_variants as v').whereRaw('v.product_id = p.id').whereIn('v.barcode', codes));
      },
    },
  },
  search: ['p.name', 'p.supplier', 'p.category', 'p.description'],
  ordering: { name: 'p.name', category: 'p.category', supplier: 'p.supplier', created_at: 'p.created_at', updated_at: 'p.updated_at', id: 'p.id' },
  defaultOrdering: 'name',
  tiebreak: 'p.id',
} satisfies ListSpec;

export class ProductService implements CollectionService<ProductOut> {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
    private readonly families: ProductFamilyService,
    private readonly images: ProductImageService,
    private readonly searches: ProductSearchService,
  ) {}

  private url = (p: string) => this.platform.links.media(p);

  /** Products of the scope matching the list params; `search` also matches variant SKUs and barcodes. */
  filtered(db: Db, scope: Scope, params: ListParams): AnyQueryBuilder {
    return this.matching(Product.query(db).alias('p').select('p.id'), scope, params);
  }

  /** Restricts a query over `products as p` to the scope and the list params. */
  private matching<Q extends AnyQueryBuilder | Knex.QueryBuilder>(query: Q, scope: Scope, params: ListParams): Q {
    const { search, ...rest } = params;
    const q = applyListParams(inScope(query, scope, { table: 'p' }), productListSpec, rest as ListParams) as Knex.QueryBuilder;
    if (search) {
      const term = `%${escapeLike(search)}%`;
      q.where((w) => {
        for (const col of productListSpec.search) w.orWhere(col, 'ilike', term);
        w.orWhereExists((s) => s.from('product_variants as sv').whereRaw('sv.product_id = p.id').where((x) => x.where('sv.sku', 'ilike', term).orWhere('sv.barcode', search.replace(/[\s-]/g, '')).orWhere('sv.name', 'ilike', term)));
      });
    }
    return query;
  }

  /** GET /api/products/: a non-empty `search` is recorded (first page only, so paging records it once). */
  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<ProductOut>> {
    const page = await this.page(at, actor.scope, params);
    if (params.search && params.page === 1) {
      await this.searches.record(actor, params, page.count, 'list').catch((err) => this.platform.log.warn({ err }, 'could not record a product search'));
    }
    return page;
  }

  /** POST /api/product-searches/: runs the search, records it, returns it with the first page of results. */
  async searchAndRecord(actor: Actor, params: ListParams, at: PageAt): Promise<SearchOut & { results: ProductOut[]; next: string | null }> {
    const page = await this.page(at, actor.scope, params);
    const saved = await this.searches.record(actor, params, page.count, 'api');
    // more results are paged through the product list with the same parameters
    let next: string | null = null;
    if (params.page * params.page_size < page.count) {
      const query = Object.entries(params).filter(([k, v]) => v !== undefined && v !== '' && k !== 'page').map(([k, v]) => [k, String(v)]);
      next = this.platform.links.productList({ ...Object.fromEntries(query), page: String(params.page + 1) });
    }
    return { ...saved, results: page.results, next };
  }

  /** One statement: the page's product graphs and the total (see paginate). */
  private async page(at: PageAt, scope: Scope, params: ListParams): Promise<Page<ProductOut>> {
    const db = this.platform.knex;
    // a plain knex builder: objection's costs more than the statement on this hot read
    const q = this.matching(db(PRODUCT_GRAPH_FROM_AS_BUILDER).leftJoin('product_families as f', 'f.id', 'p.family_id').select(db.raw(PRODUCT_GRAPH_COLUMNS)), scope, params);
    return paginate(at, q, params, (row) => productOut(row, this.url));
  }

  /** One statement: the graph of the product if it is in the caller's scope, else 404. */
  async get(actor: Actor, productId: number, db: Db = this.platform.knex): Promise<ProductOut> {
    const [product] = await loadProducts(db, [productId], this.url, actor.scope);
    if (!product) throw new NotFound('Product');
    return product;
  }

  async create(actor: Actor, body: Body): Promise<ProductOut> {
    const { scope, userId: actorId } = actor;
    const input = toInput(body) as ProductIn & { name: string };
    const removed: string[] = [];
    const productId = await this.platform.knex.transaction(async (trx) => {
      const familyId = await this.resolveFamily(trx, scope, actorId, input);
      const variants = await checkVariants(trx, scope, null, input.variants ?? []);
      const row = await Product.query(trx)
        .insert({ ...DEFAULTS, ...pickScalars(input), family_id: familyId ?? null, ...scopeFill(scope, actorId) })
        .returning('*');
      await replaceTags(trx, row.id, input.tags ?? []);
      removed.push(...(await replaceVariants(trx, scope, row.id, variants, this.images, true)).removedImagePaths);
      await this.audit.record(trx, auditCtx(scope, actorId), {
        action: 'product.create', entityType: 'product', entityId: row.id, summary: `Created product "${row.name}"`,
        changes: { name: row.name, variants: variants.length, tags: (input.tags ?? []).length },
      });
      return row.id as number;
    }).catch(skuRace);
    for (const p of removed) await this.images.removeFileIfUnused(p);
    return this.get(actor, productId);
  }

  /** PUT (omitted fields reset, omitted arrays emptied) or PATCH (`partial`: only what is given). */
  async update(actor: Actor, productId: number, body: Body, partial: boolean): Promise<ProductOut> {
    const { scope, userId: actorId } = actor;
    const input = toInput(body);
    const replace = !partial;
    const removed: string[] = [];
    await this.platform.knex.transaction(async (trx) => {
      const before = await findInScope<Record<string, unknown>>(trx, Product, productId, scope, 'Product', { forUpdate: true });
      const patch: Record<string, unknown> = replace ? { ...DEFAULTS, ...pickScalars(input) } : pickScalars(input);
      if (input.family_id !== undefined || input.product_family_name !== undefined || replace) {
        patch.family_id = (await this.resolveFamily(trx, scope, actorId, input)) ?? null;
      }
      const [after]: Record<string, any>[] = await Product.query(trx).where({ id: productId }).patch({ ...patch, updated_at: trx.fn.now() }).returning('*');
      if (input.tags !== undefined || replace) await replaceTags(trx, productId, input.tags ?? []);
      if (input.variants !== undefined || replace) {
        const variants = await checkVariants(trx, scope, productId, input.variants ?? []);
        removed.push(...(await replaceVariants(trx, scope, productId, variants, this.images, replace)).removedImagePaths);
      }
      await this.audit.record(trx, auditCtx(scope, actorId), {
        action: 'product.update', entityType: 'product', entityId: productId, summary: `Updated product "${after.name}"`,
        changes: { ...diff(before, after), ...(input.tags !== undefined ? { tags: 'replaced' } : {}), ...(input.variants !== undefined ? { variants: 'replaced' } : {}) },
      });
    }).catch(skuRace);
    for (const p of removed) await this.images.removeFileIfUnused(p);
    return this.get(actor, productId);
  }

  /** A product still holding stock cannot be deleted (its items would vanish with it). */
  async remove(actor: Actor, productId: number): Promise<void> {
    const { scope, userId: actorId } = actor;
    const paths = await this.platform.knex.transaction(async (trx) => {
      const row = await findInScope<{ name: string }>(trx, Product, productId, scope, 'Product', { forUpdate: true });
      const stock = (await InventoryItem.query(trx).where({ product_id: productId }).where('quantity', '>', 0).select(trx.raw('count(*)::int AS items'), trx.raw('coalesce(sum(quantity), 0)::int AS quantity')).first()) as unknown as { items: number; quantity: number } | undefined;
      if (stock && stock.items > 0) {
        throw new Conflict(`Product "${row.name}" still has ${stock.quantity} in stock across ${stock.items} inventory item(s); consume or move the stock first.`, 'product_in_stock', { items: stock.items, quantity: stock.quantity });
      }
      const imagePaths = (await ProductImage.query(trx).where({ product_id: productId }).select('path')).map((r) => r.path);
      await Product.query(trx).where({ id: productId }).delete();
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product.delete', entityType: 'product', entityId: productId, summary: `Deleted product "${row.name}"` });
      return imagePaths;
    });
    for (const p of paths) await this.images.removeFileIfUnused(p);
  }

  /** The family a product write names (family_id in scope, or product_family_name found or created); undefined when it names none. */
  async resolveFamily(trx: Knex.Transaction, scope: Scope, actorId: string, input: ProductIn): Promise<number | null | undefined> {
    if (input.family_id) {
      await requireInScope(trx, scope, [{ field: 'family_id', model: ProductFamily, id: input.family_id, what: 'Product family' }]);
      return input.family_id;
    }
    if (input.product_family_name) return (await this.families.findOrCreateByName(trx, scope, actorId, input.product_family_name)).id;
    return input.family_id === null || input.product_family_name === null ? null : undefined;
  }
}

/** Two writers taking the same SKU at once: the unique index decides; answer like the pre-check does. */
export function skuRace(err: unknown): never {
  const e = pgError(err);
  if (e.code === '23505' && /^product_variants_sku_/.test(e.constraint ?? '')) throw new Conflict('That SKU was just taken by another product in this scope.', 'sku_conflict');
  throw err;
}

/** The write shape's `product_name` is the column `name` (either may be sent; product_name wins). */
export function toInput(body: Body): ProductIn {
  const { product_name, ...rest } = body as ProductIn & { product_name?: string };
  return product_name !== undefined ? { ...rest, name: product_name } : rest;
}

export function pickScalars(input: ProductIn): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SCALARS) if (input[k] !== undefined) out[k] = input[k];
  return out;
}
