// The caller's product-search history. A search is recorded when GET /api/products/
// is called with a non-empty `search` (first page only, so paging through results
// records it once), and by POST /api/product-searches/, which runs the search and
// records it explicitly. Each user sees only their own searches in the active scope.
// Recording is a by-product of a read, but a row written all the same: the audit log
// names it (source and result count, never the words searched for), as it names the
// deletion of history.
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import { recordAudit, type AuditService } from '../audit/audit-service.js';
import { auditCtx, scopeFill } from '../shared/scoped-rows.js';
import { OwnerHistory } from '../shared/owner-history.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { iso } from './product-graph.js';
import type { CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { ProductSearch } from '../../db/models/index.js';

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
  private readonly history: OwnerHistory;

  constructor(private readonly platform: Platform, audit: AuditService) {
    this.history = new OwnerHistory(audit, ProductSearch, 'product_search', 'Product search');
  }

  list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<SearchOut>> {
    const q = applyListParams(this.history.mine(this.platform.knex, actor).select('s.*'), searchListSpec, params);
    return paginate(at, q, params, toOut);
  }

  async get(actor: Actor, id: number): Promise<SearchOut> {
    return toOut(await this.history.find(this.platform.knex, actor, id));
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.history.remove(this.platform.knex, actor, id, (row) => `Deleted search "${row.query}" from history`);
  }

  /** Called by ProductService when a product list or POST /api/product-searches/ runs a search. */
  async record(actor: Actor, params: ListParams, resultCount: number, source: SearchOut['source']): Promise<SearchOut> {
    const { scope, userId: actorId } = actor;
    const filters = Object.fromEntries(REMEMBERED_FILTERS.filter((k) => params[k] !== undefined && params[k] !== '').map((k) => [k, params[k]]));
    const row: Record<string, any> = await this.platform.knex.transaction(async (trx) => {
      const inserted: Record<string, any> = await ProductSearch.query(trx)
        .insert({ user_id: actorId, query: String(params.search ?? '').slice(0, 300), filters: JSON.stringify(filters), result_count: resultCount, source, ...scopeFill(scope, actorId) })
        .returning('*');
      await recordAudit(trx, auditCtx(scope, actorId), { action: 'product_search.record', entityType: 'product_search', entityId: inserted.id, summary: 'Search recorded in history', changes: { source, result_count: resultCount, filters: Object.keys(filters) } });
      return inserted;
    });
    return toOut(row);
  }
}

function toOut(row: Record<string, any>): SearchOut {
  return { id: row.id, query: row.query, filters: row.filters ?? {}, result_count: row.result_count, source: row.source, created_at: iso(row.created_at) };
}
