// The projected catalog API (/restqlapi): the catalog's own services do the writing,
// scoping and validating (ProductService, ProductOperationService,
// ProductFamilyService); this service adds what the projected surface promises:
// every read returns only the fields of `?query=`, in one SQL statement per request
// (plus the count of a list page, and its row budget when the projection nests),
// whatever the depth of the query and the number of rows; a list page holds at most
// PROJECTED_CATALOG_MAX_ROWS rows, nested ones counted. A query that does not fit the
// model is refused (400) before anything is written.
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

  /**
   * One page: the count and the projected rows. A projection without relations costs
   * two statements (count, rows). With relations, a page also holds at most
   * PROJECTED_CATALOG_MAX_ROWS rows counting nested ones: the page's ids and their
   * nested row counts are read first (counted over the foreign-key indexes, no JSON
   * built), the page is cut after the last top-level row that fits (at least one, so
   * a client always moves on) and only those rows' JSON is built — three statements
   * whatever the depth and the size. A cut page's `next` continues with `offset=` at
   * the first row it left out.
   */
  private async page(base: Knex.QueryBuilder, projection: Projection, params: { page: number; page_size: number; offset?: number }, at: PageAt): Promise<ProjectedPage> {
    const start = params.offset ?? (params.page - 1) * params.page_size;
    const count = base.clone().clearSelect().clearOrder().count({ count: '*' });
    if (!projection.nestedRows) {
      const rows = base.clearSelect().select(this.projector.column(this.knex, projection)).offset(start).limit(params.page_size);
      const [[counted], found] = await Promise.all([count, rows]);
      const total = Number((counted as { count: string | number }).count);
      return { count: total, ...this.links(at, total, params, start, params.page_size), results: (found as { r: Row }[]).map((x) => x.r) };
    }
    const id = `${projection.alias}.id`;
    const sized = base.clone().clearSelect().select({ id }, this.knex.raw(`${projection.nestedRows} AS nested`)).offset(start).limit(params.page_size);
    const [[counted], window] = await Promise.all([count, sized]);
    const total = Number((counted as { count: string | number }).count);
    const budget = this.platform.config.projectedCatalog.maxRowsPerResponse;
    const kept: number[] = [];
    let spent = 0;
    for (const row of window as { id: number; nested: string | number }[]) {
      const cost = 1 + Number(row.nested);
      if (kept.length > 0 && spent + cost > budget) break;
      kept.push(row.id);
      spent += cost;
    }
    const found = kept.length ? ((await base.clearSelect().select(this.projector.column(this.knex, projection)).whereIn(id, kept)) as { r: Row }[]) : [];
    const cut = kept.length < (window as unknown[]).length;
    return { count: total, ...this.links(at, total, params, start, cut ? kept.length : params.page_size), results: found.map((x) => x.r) };
  }

  /**
   * Links of a page that started at row `start` and covered `covered` rows: page
   * numbers while the pages are whole, `offset=` once a page was cut (or was asked by
   * offset), so the next page starts exactly after the last row returned.
   */
  private links(at: PageAt, total: number, params: { page: number; page_size: number; offset?: number }, start: number, covered: number): { next: string | null; previous: string | null } {
    if (params.offset === undefined && covered === params.page_size) return pageLinks(at, total, params.page, params.page_size);
    const next = start + covered < total ? at.link({ offset: start + covered }) : null;
    let previous: string | null = null;
    if (params.offset === undefined) previous = params.page > 1 ? at.link({ page: params.page - 1 }) : null;
    else if (start > 0) previous = at.link({ offset: Math.max(0, start - params.page_size) });
    return { next, previous };
  }
}
