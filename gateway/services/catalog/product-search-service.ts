// The caller's product-search history. A search is recorded when GET /api/products/
// is called with a non-empty `search` (first page only, so paging through results
// records it once), and by POST /api/product-searches/, which runs the search and
// records it explicitly. Each user sees only their own searches in the active scope.
// Recording is a by-product of a read: it is not written to the audit log, but
// deleting history is.
import Joi from 'joi';
import type { Request } from '@hapi/hapi';
import type { Platform } from '../../../db/platform.js';
import type { Scope } from '../scope.js';
import type { AuditService } from '../audit-service.js';
import { NotFound } from '../../../jobs/runtime/errors.js';
import { auditCtx, inScope, scopeFill, type Db } from '../scoped-rows.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page } from '../listing.js';
import { iso } from './product-graph.js';
import type { CollectionService } from '../scoped-collection.js';
import type { Actor } from '../actor.js';

export interface SearchOut {
  id: number;
  query: string;
  filters: Record<string, unknown>;
  result_count: number;
  source: 'list' | 'api';
  created_at: string;
}

export const searchListSpec = {
  filters: {
    source: { column: 's.source', schema: Joi.string().valid('list', 'api') },
    created_after: { column: 's.created_at', schema: Joi.date().iso(), op: '>=' },
    created_before: { column: 's.created_at', schema: Joi.date().iso(), op: '<=' },
  },
  search: ['s.query'],
  ordering: { created_at: 's.created_at', query: 's.query', result_count: 's.result_count', id: 's.id' },
  defaultOrdering: '-created_at',
  tiebreak: 's.id',
} satisfies ListSpec;

/** Product-list parameters that are remembered with a search (besides the term). */
const REMEMBERED_FILTERS = ['category', 'supplier', 'base_unit', 'family_id', 'product_family_name', 'sku', 'barcode', 'ordering'];

export class ProductSearchService implements CollectionService<SearchOut> {
  constructor(private readonly platform: Platform, private readonly audit: AuditService) {}

  list(actor: Actor, params: ListParams, request: Request): Promise<Page<SearchOut>> {
    const q = applyListParams(this.mine(this.platform.knex, actor.scope, actor.userId).select('s.*'), searchListSpec, params);
    return paginate(request, q, params, toOut);
  }

  async get(actor: Actor, id: number): Promise<SearchOut> {
    return toOut(await this.find(this.platform.knex, actor.scope, actor.userId, id));
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const { scope, userId: actorId } = actor;
    await this.platform.knex.transaction(async (trx) => {
      const row = await this.find(trx, scope, actorId, id);
      await trx('product_searches').where({ id }).delete();
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product_search.delete', entityType: 'product_search', entityId: id, summary: `Deleted search "${row.query}" from history` });
    });
  }

  /** Called by ProductService when a product list or POST /api/product-searches/ runs a search. */
  async record(scope: Scope, actorId: string, params: ListParams, resultCount: number, source: SearchOut['source']): Promise<SearchOut> {
    const filters = Object.fromEntries(REMEMBERED_FILTERS.filter((k) => params[k] !== undefined && params[k] !== '').map((k) => [k, params[k]]));
    const [row] = await this.platform.knex('product_searches')
      .insert({ user_id: actorId, query: String(params.search ?? '').slice(0, 300), filters: JSON.stringify(filters), result_count: resultCount, source, ...scopeFill(scope, actorId) })
      .returning('*');
    return toOut(row);
  }

  private mine(db: Db, scope: Scope, actorId: string) {
    return inScope(db('product_searches as s'), scope, { table: 's' }).where('s.user_id', actorId);
  }

  private async find(db: Db, scope: Scope, actorId: string, id: number): Promise<Record<string, any>> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound('Product search');
    const row = await this.mine(db, scope, actorId).where('s.id', id).first('s.*');
    if (!row) throw new NotFound('Product search');
    return row;
  }
}

function toOut(row: Record<string, any>): SearchOut {
  return { id: row.id, query: row.query, filters: row.filters ?? {}, result_count: row.result_count, source: row.source, created_at: iso(row.created_at) };
}
