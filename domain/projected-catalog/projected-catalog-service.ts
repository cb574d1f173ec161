// The projected catalog API (/restqlapi): the catalog's own services do the writing,
// scoping and validating (ProductService, ProductOperationService,
// ProductFamilyService); this service adds what the projected surface promises:
// every read returns only the fields of `?query=`, in one SQL statement per request
// (plus the count of a list page), whatever the depth of the query and the number of
// rows. A query that does not fit the model is refused (400) before anything is written.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Body } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import type { CatalogServices } from '../catalog/index.js';
import type { ProductWriteIn } from '../catalog/product-operation-service.js';
import { applyListParams, pageLinks, type ListParams, type Page, type PageAt } from '../shared/listing.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { inScope, type Db } from '../shared/scoped-rows.js';
import { Product, ProductFamily } from '../../db/models/index.js';
import { familyModel, productModel, recordModel } from './catalog-models.js';
import type { Projection, Projector } from './projector.js';
import { recordsTable, type RecordApp } from './record-discovery.js';

export type Row = Record<string, unknown>;

export type ProjectedPage = Page<Row>;

export interface ListInput extends ListParams {
  query?: string;
}

export class ProjectedCatalogService {
  constructor(
    private readonly platform: Platform,
    private readonly projector: Projector,
    private readonly catalog: CatalogServices,
  ) {}

  private get knex(): Knex {
    return this.platform.knex;
  }

  // ── products ────────────────────────────────────────────────────────────────

  /** The scope's products with the filters, search and ordering of /api/products/. */
  async listProducts(actor: Actor, params: ListInput, at: PageAt): Promise<ProjectedPage> {
    const { query, ...list } = params;
    const projection = this.projector.projection(productModel, query, 'p');
    return this.page(this.catalog.products.filtered(this.knex, actor.scope, list as ListParams).toKnexQuery(), projection, list, at);
  }

  async getProduct(actor: Actor, productId: number, query?: string): Promise<Row> {
    return this.readProduct(this.knex, actor, productId, this.projector.projection(productModel, query, 'p'));
  }

  async createProduct(actor: Actor, body: ProductWriteIn, query?: string): Promise<Row> {
    const projection = this.projector.projection(productModel, query, 'p');
    return this.catalog.operations.create(actor, body, (trx, id) => this.readProduct(trx, actor, id, projection));
  }

  async patchProduct(actor: Actor, productId: number, body: ProductWriteIn, query?: string): Promise<Row> {
    const projection = this.projector.projection(productModel, query, 'p');
    return this.catalog.operations.patch(actor, productId, body, (trx, id) => this.readProduct(trx, actor, id, projection));
  }

  /** 409 product_in_stock while an inventory item holds stock of it (ProductService.remove). */
  deleteProduct(actor: Actor, productId: number): Promise<void> {
    return this.catalog.products.remove(actor, productId);
  }

  private async readProduct(db: Db, actor: Actor, productId: number, projection: Projection): Promise<Row> {
    const row = await inScope(Product.query(db).alias('p'), actor.scope, { table: 'p' }).where('p.id', productId).select(this.projector.column(db, projection)).first();
    if (!row) throw new NotFound('Product');
    return (row as unknown as { r: Row }).r;
  }

  // ── families ────────────────────────────────────────────────────────────────

  async listFamilies(actor: Actor, params: ListInput, at: PageAt): Promise<ProjectedPage> {
    const { query, ...list } = params;
    const projection = this.projector.projection(familyModel, query, 'f');
    const base = applyListParams(inScope(ProductFamily.query(this.knex).alias('f'), actor.scope, { table: 'f' }), this.catalog.families.def.list, list as ListParams);
    return this.page(base.toKnexQuery(), projection, list, at);
  }

  async getFamily(actor: Actor, familyId: number, query?: string): Promise<Row> {
    return this.readFamily(actor, familyId, this.projector.projection(familyModel, query, 'f'));
  }

  /** Name unique per scope in any case (409 family_exists): ProductFamilyService decides. */
  async createFamily(actor: Actor, body: Body, query?: string): Promise<Row> {
    const projection = this.projector.projection(familyModel, query, 'f');
    const created = await this.catalog.families.create(actor, body);
    return this.readFamily(actor, created.id, projection);
  }

  async patchFamily(actor: Actor, familyId: number, body: Body, query?: string): Promise<Row> {
    const projection = this.projector.projection(familyModel, query, 'f');
    await this.catalog.families.update(actor, familyId, body, true);
    return this.readFamily(actor, familyId, projection);
  }

  /** The family's products stay, without a family (as on /api/product-families/). */
  deleteFamily(actor: Actor, familyId: number): Promise<void> {
    return this.catalog.families.remove(actor, familyId);
  }

  private async readFamily(actor: Actor, familyId: number, projection: Projection): Promise<Row> {
    const row = await inScope(ProductFamily.query(this.knex).alias('f'), actor.scope, { table: 'f' }).where('f.id', familyId).select(this.projector.column(this.knex, projection)).first();
    if (!row) throw new NotFound('Product family');
    return (row as unknown as { r: Row }).r;
  }

  // ── record discovery ────────────────────────────────────────────────────────

  async listRecords(actor: Actor, app: RecordApp, params: { page: number; page_size: number; model?: string; query?: string }, at: PageAt): Promise<ProjectedPage> {
    const projection = this.projector.projection(recordModel, params.query, 'r');
    const table = recordsTable(this.knex, app, actor.scope, params.model);
    if (!table) return { count: 0, next: null, previous: null, results: [] };
    return this.page(table.orderBy(['r.ord', 'r.sort_key']), projection, params, at);
  }

  // ── shared ──────────────────────────────────────────────────────────────────

  /** One page: the count and the projected rows, two statements whatever the projection. */
  private async page(base: Knex.QueryBuilder, projection: Projection, params: { page: number; page_size: number }, at: PageAt): Promise<ProjectedPage> {
    const count = base.clone().clearSelect().clearOrder().count({ count: '*' });
    const rows = base
      .clearSelect()
      .select(this.projector.column(this.knex, projection))
      .offset((params.page - 1) * params.page_size)
      .limit(params.page_size);
    const [[counted], found] = await Promise.all([count, rows]);
    const total = Number((counted as { count: string | number }).count);
    return { count: total, ...pageLinks(at, total, params.page, params.page_size), results: (found as { r: Row }[]).map((x) => x.r) };
  }
}
