// Scope rules for every inventory-domain row, in one place.
//
// A scoped row belongs to exactly one scope: the caller alone (owner_id = user id,
// team_id NULL) or a team (team_id = team id, owner_id NULL). Seeded reference rows
// (inventory icons/types, is_system = true) have neither and are visible to all,
// writable by none. The scope itself comes from plugins/scope.ts (request.app.scope,
// read with actor(request)); a team the caller is not in is already 403 there, so
// the rules here are only:
//   * reads see the active scope's rows (plus system rows where the table has them);
//   * another scope's id is 404 (NotFound / ReferenceNotFound), never 403, so ids
//     do not leak across scopes; a system row addressed for a write is 403;
//   * inserts carry the scope columns (owner_id, team_id) and created_by.
//
// How to use (services only — routes never touch SQL):
//   const q = inScope(Storage.query(knex).alias('s'), scope, { table: 's' });  // list
//   const row = await findInScope(trx, Storage, id, scope, 'Storage');          // read one or 404
//   const row = await findInScope(trx, InventoryItem, id, scope, 'Inventory item', { forUpdate: true });
//   await requireInScope(trx, scope, [{ field: 'inventory_id', model: Inventory, id: body.inventory_id }]);
//   await Storage.query(trx).insert({ ...body, ...scopeFill(scope, actorId) });
//   assertWritable(row, 'Inventory icon');                                      // system rows are read-only
import type { Knex } from 'knex';
import type { AnyQueryBuilder, ModelClass } from 'objection';
import type { BaseModel } from '../../db/models/base-model.js';
import type { Scope } from './scope.js';
import { DomainError, Forbidden, NotFound } from '../../jobs/runtime/errors.js';

export type Db = Knex | Knex.Transaction;

export interface InScopeOptions {
  /** table name or alias used in the query (prefixes owner_id/team_id/is_system) */
  table?: string;
  /** also show seeded rows (is_system = true); only for tables that have the column */
  includeSystem?: boolean;
}

/** Restricts a query to the rows of the scope (and, when asked, the shared system rows). */
export function inScope<Q extends Knex.QueryBuilder | AnyQueryBuilder>(query: Q, scope: Scope, opts: InScopeOptions = {}): Q {
  const col = (c: string) => (opts.table ? `${opts.table}.${c}` : c);
  (query as Knex.QueryBuilder).where((w) => {
    if (scope.type === 'team') w.where(col('team_id'), scope.teamId as number);
    else w.where(col('owner_id'), scope.userId).whereNull(col('team_id'));
    if (opts.includeSystem) w.orWhere(col('is_system'), true);
  });
  return query;
}

/** The scope columns of a new row: spread into every insert of a scoped table. */
export function scopeFill(scope: Scope, actorId: string | null): { owner_id: string | null; team_id: number | null; created_by: string | null } {
  return scope.type === 'team'
    ? { owner_id: null, team_id: scope.teamId, created_by: actorId }
    : { owner_id: scope.userId, team_id: null, created_by: actorId };
}

/** Scope columns only, for scoped tables without created_by (e.g. product_variants). */
export function scopeOnly(scope: Scope): { owner_id: string | null; team_id: number | null } {
  const { owner_id, team_id } = scopeFill(scope, null);
  return { owner_id, team_id };
}

export interface FindOptions extends Omit<InScopeOptions, 'table'> {
  /** SELECT ... FOR UPDATE (inside a transaction) */
  forUpdate?: boolean;
  columns?: string[];
}

/** One row by id within the scope, or 404 naming the resource. */
export async function findInScope<T = Record<string, any>>(db: Db, model: ModelClass<BaseModel>, id: number | string, scope: Scope, what: string, opts: FindOptions = {}): Promise<T> {
  if (!isValidId(id)) throw new NotFound(what);
  const table = model.tableName;
  const q = inScope(model.query(db).where(`${table}.id`, id), scope, { table, includeSystem: opts.includeSystem }).select(opts.columns ?? '*').first();
  if (opts.forUpdate) q.forUpdate();
  const row = await q;
  if (!row) throw new NotFound(what);
  return row as T;
}

/** 404 for a referenced id (in a body or query) that is not in the caller's scope. */
export class ReferenceNotFound extends DomainError {
  constructor(field: string, what: string, id: unknown) {
    super('not_found', 'not_found', `${what} ${String(id)} not found.`, { field, id });
  }
}

export interface Reference {
  /** request field that carried the id, reported in error details */
  field: string;
  model: ModelClass<BaseModel>;
  id: number | string | null | undefined;
  what?: string;
  includeSystem?: boolean;
}

/**
 * Checks that every referenced id (skipping null/undefined) belongs to the scope and
 * returns the rows by field. One query per reference; callers pass a handful.
 */
export async function requireInScope(db: Db, scope: Scope, refs: Reference[]): Promise<Record<string, Record<string, any>>> {
  const out: Record<string, Record<string, any>> = {};
  for (const ref of refs) {
    if (ref.id === null || ref.id === undefined) continue;
    const table = ref.model.tableName;
    const what = ref.what ?? humanize(table);
    if (!isValidId(ref.id)) throw new ReferenceNotFound(ref.field, what, ref.id);
    const row = await inScope(ref.model.query(db).where(`${table}.id`, ref.id), scope, { table, includeSystem: ref.includeSystem }).first();
    if (!row) throw new ReferenceNotFound(ref.field, what, ref.id);
    out[ref.field] = row;
  }
  return out;
}

/** Seeded rows are shared by everyone and cannot be changed or deleted. */
export function assertWritable(row: { is_system?: boolean }, what: string): void {
  if (row.is_system) throw new Forbidden(`${what} is a built-in default and cannot be changed; create your own instead.`, 'read_only');
}

/** Audit context for a write in a scope (AuditService.record). */
export function auditCtx(scope: Scope, actorId: string) {
  return { actorId, scope: { type: scope.type, teamId: scope.teamId } };
}

const isValidId = (id: unknown) => (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2147483647) || (typeof id === 'string' && /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2147483647);
const humanize = (table: string) => {
  const s = table.replace(/_/g, ' ').replace(/ies$/, 'y').replace(/(x|s)es$/, '$1').replace(/s$/, '');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
