// Product families: named groups of products (e.g. "Beverages"), unique per scope
// regardless of case (409 family_exists). Deleting a family keeps its products
// (their family_id becomes null). The standard CRUD is the shared ScopedCollection;
// what is special is the name rule and find-or-create by name for product writes
// and imports.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { ScopedCollection, scopeOut, type CollectionDef } from '../shared/scoped-collection.js';
import { auditCtx, inScope, scopeFill, type Db } from '../shared/scoped-rows.js';
import { ProductFamily } from '../../db/models/index.js';

export interface FamilyOut {
  id: number;
  name: string;
  description: string;
  product_count: number;
  [scopeField: string]: unknown;
}

async function assertNameFree(db: Db, scope: Scope, name: string, exceptId?: number): Promise<void> {
  const q = inScope(ProductFamily.query(db), scope).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  const clash = await q.select('id').first();
  if (clash) throw new Conflict(`A product family named "${name}" already exists in this scope.`, 'family_exists', { field: 'name', id: clash.id });
}

export function familiesDef(): CollectionDef<FamilyOut> {
  return {
    model: ProductFamily,
    alias: 'f',
    what: 'Product family',
    entity: 'product_family',
    list: {
      filters: {},
      search: ['f.name', 'f.description'],
      ordering: { name: 'f.name', created_at: 'f.created_at', updated_at: 'f.updated_at', id: 'f.id' },
      defaultOrdering: 'name',
      tiebreak: 'f.id',
    },
    select: (db) => ProductFamily.query(db).alias('f').select('f.*', db.raw('(SELECT count(*) FROM products p WHERE p.family_id = f.id)::int AS product_count')),
    toOut: (r) => ({ id: r.id, name: r.name, description: r.description, product_count: r.product_count ?? 0, ...scopeOut(r) }),
    writable: ['name', 'description'],
    async prepare({ trx, actor, body, before }) {
      const name = body.name as string | undefined;
      if (name !== undefined && (!before || name.toLowerCase() !== String(before.name).toLowerCase())) await assertNameFree(trx, actor.scope, name, before?.id);
      return {};
    },
  };
}

export class ProductFamilyService extends ScopedCollection<FamilyOut> {
  constructor(platform: Platform, audit: AuditService) {
    super(platform, audit, familiesDef());
  }

  /**
   * The family of that name in the scope (any case), created when missing — how a
   * product write or an invoice import names a family without knowing its id.
   */
  async findOrCreateByName(trx: Knex.Transaction, scope: Scope, actorId: string, name: string): Promise<{ id: number; name: string; created: boolean }> {
    const existing = await inScope(ProductFamily.query(trx), scope).whereRaw('lower(name) = lower(?)', [name]).select('id', 'name').first();
    if (existing) return { id: existing.id, name: existing.name, created: false };
    // ON CONFLICT on the partial unique index: a concurrent creator of the same name wins quietly
    const target = scope.type === 'team' ? '(team_id, lower(name)) WHERE team_id IS NOT NULL' : '(owner_id, lower(name)) WHERE owner_id IS NOT NULL';
    const inserted = await ProductFamily.query(trx).insert({ name, ...scopeFill(scope, actorId) }).onConflict(trx.raw(target)).ignore().returning(['id', 'name']);
    // nothing inserted (a family of that name exists): objection hands back the input without an id
    if (inserted.id !== undefined) {
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'product_family.create', entityType: 'product_family', entityId: inserted.id, summary: `created product family "${name}"`, changes: { name } });
      return { id: inserted.id, name: inserted.name, created: true };
    }
    const row = await inScope(ProductFamily.query(trx), scope).whereRaw('lower(name) = lower(?)', [name]).select('id', 'name').first();
    return { id: row!.id, name: row!.name, created: false };
  }
}
