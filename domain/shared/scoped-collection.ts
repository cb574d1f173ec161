// The standard CRUD of a scoped collection, declared once per collection
// (domain/inventory/*.ts) and served by the route factory
// (gateway/routes/collection-routes.ts). A declaration names the model, the read
// query (joins for denormalised names), the list spec, the writable columns and the
// ids that must belong to the caller's scope; hooks cover what is special. Every
// write runs in one database transaction and records an audit entry with the
// changed fields. Services with richer writes implement CollectionService directly.
import type { Knex } from 'knex';
import type { AnyQueryBuilder, ModelClass } from 'objection';
import type { BaseModel } from '../../db/models/base-model.js';
import type { Platform } from '../../db/platform.js';
import type { Actor } from './actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { diff } from '../audit/audit-service.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from './listing.js';
import { assertWritable, auditCtx, findInScope, inScope, requireInScope, scopeFill, type Db } from './scoped-rows.js';
import { NotFound } from '../../jobs/runtime/errors.js';

export type Body = Record<string, unknown>;

/** What the route factory needs from a collection's service. */
export interface CollectionService<Out = Record<string, unknown>> {
  list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Out>>;
  get(actor: Actor, id: number): Promise<Out>;
  create?(actor: Actor, body: Body): Promise<Out>;
  update?(actor: Actor, id: number, body: Body, partial: boolean): Promise<Out>;
  remove?(actor: Actor, id: number): Promise<void>;
}

export interface WriteContext {
  trx: Knex.Transaction;
  actor: Actor;
  body: Body;
  /** rows of the referenced ids, by body field */
  refs: Record<string, Record<string, any>>;
  /** the row before an update (undefined on create) */
  before?: Record<string, any>;
}

export interface CollectionDef<Out> {
  /** the objection model of the collection's table */
  model: ModelClass<BaseModel>;
  /** alias of the table in `select()` */
  alias: string;
  /** human name in messages: "Storage box" */
  what: string;
  /** audit entity_type: "storage_box" */
  entity: string;
  list: ListSpec;
  /**
   * the read query with joins and the selected columns: `db('<table> as <alias>')` (a plain
   * knex builder: objection's costs more than the statement on a hot read), or
   * `Model.query(db).alias(alias)`
   */
  select(db: Db): AnyQueryBuilder | Knex.QueryBuilder;
  toOut(row: Record<string, any>, platform: Platform): Out;
  /** body fields stored as they are */
  writable: string[];
  /** body field -> model whose row (in the caller's scope) the id must name */
  references?: Record<string, { model: ModelClass<BaseModel>; what: string; includeSystem?: boolean }>;
  /** seeded rows (is_system) are listed for everyone and read-only */
  includeSystem?: boolean;
  /** extra or derived columns for the insert/update; may throw Invalid/Conflict */
  prepare?(ctx: WriteContext): Promise<Body> | Body;
  /** runs inside the write transaction after the row is written */
  afterWrite?(ctx: WriteContext & { id: number; after: Record<string, any> }): Promise<void>;
  /** runs inside the delete transaction before the row goes; throw Conflict to refuse */
  beforeDelete?(trx: Knex.Transaction, row: Record<string, any>, actor: Actor): Promise<void>;
  /** runs after a delete committed (e.g. remove an unused file) */
  afterDelete?(row: Record<string, any>): Promise<void>;
}

export class ScopedCollection<Out> implements CollectionService<Out> {
  constructor(
    protected readonly platform: Platform,
    protected readonly audit: AuditService,
    readonly def: CollectionDef<Out>,
  ) {}

  /** The read query restricted to the caller's scope. */
  scoped(db: Db, actor: Actor): AnyQueryBuilder | Knex.QueryBuilder {
    return inScope(this.def.select(db), actor.scope, { table: this.def.alias, includeSystem: this.def.includeSystem });
  }

  /** Plain rows into toOut: no model is hydrated on a list. */
  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Out>> {
    const q = applyListParams(this.scoped(this.platform.knex, actor), this.def.list, params);
    return paginate(at, 'toKnexQuery' in q ? q.toKnexQuery() : q, params, (row) => this.def.toOut(row, this.platform));
  }

  async get(actor: Actor, id: number, db: Db = this.platform.knex): Promise<Out> {
    const row = await (this.scoped(db, actor) as Knex.QueryBuilder).where(`${this.def.alias}.id`, id).first();
    if (!row) throw new NotFound(this.def.what);
    return this.def.toOut(row, this.platform);
  }

  async create(actor: Actor, body: Body): Promise<Out> {
    const id = await this.platform.knex.transaction(async (trx) => {
      const ctx: WriteContext = { trx, actor, body, refs: await this.checkReferences(trx, actor, body) };
      const values = { ...pick(body, this.def.writable), ...(await this.def.prepare?.(ctx)), ...scopeFill(actor.scope, actor.userId) };
      const row: Record<string, any> = await this.def.model.query(trx).insert(values).returning('*');
      await this.def.afterWrite?.({ ...ctx, id: row.id, after: row });
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: `${this.def.entity}.create`,
        entityType: this.def.entity,
        entityId: row.id,
        summary: `created ${this.def.what.toLowerCase()} ${describe(row)}`,
        changes: auditable(values),
      });
      return row.id as number;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: Body, _partial: boolean): Promise<Out> {
    await this.platform.knex.transaction(async (trx) => {
      const before = await findInScope(trx, this.def.model, id, actor.scope, this.def.what, { forUpdate: true, includeSystem: this.def.includeSystem });
      assertWritable(before, this.def.what);
      const ctx: WriteContext = { trx, actor, body, before, refs: await this.checkReferences(trx, actor, body) };
      const values = { ...pick(body, this.def.writable), ...(await this.def.prepare?.(ctx)) };
      const changes = diff(before, values);
      let after = before;
      if (Object.keys(changes).length) [after] = await this.def.model.query(trx).where({ id }).patch({ ...values, updated_at: trx.fn.now() }).returning('*');
      await this.def.afterWrite?.({ ...ctx, id, after });
      if (Object.keys(changes).length) {
        await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
          action: `${this.def.entity}.update`,
          entityType: this.def.entity,
          entityId: id,
          summary: `updated ${this.def.what.toLowerCase()} ${describe(after)}: ${Object.keys(changes).join(', ')}`,
          changes: auditable(changes),
        });
      }
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.platform.knex.transaction(async (trx) => {
      const row = await findInScope(trx, this.def.model, id, actor.scope, this.def.what, { forUpdate: true, includeSystem: this.def.includeSystem });
      assertWritable(row, this.def.what);
      await this.def.beforeDelete?.(trx, row, actor);
      await this.def.model.query(trx).where({ id }).delete();
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: `${this.def.entity}.delete`,
        entityType: this.def.entity,
        entityId: id,
        summary: `deleted ${this.def.what.toLowerCase()} ${describe(row)}`,
        changes: auditable(row),
      });
      return row;
    });
    await this.def.afterDelete?.(row);
  }

  private checkReferences(trx: Db, actor: Actor, body: Body) {
    const refs = Object.entries(this.def.references ?? {})
      .filter(([field]) => body[field] !== undefined && body[field] !== null)
      .map(([field, r]) => ({ field, model: r.model, what: r.what, includeSystem: r.includeSystem, id: body[field] as number }));
    return requireInScope(trx, actor.scope, refs);
  }
}

export function pick(body: Body, keys: string[]): Body {
  const out: Body = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}

const describe = (row: Record<string, any>) => (row.name ? `"${row.name}" (#${row.id})` : `#${row.id}`);

/** Audit changes without file bytes or bookkeeping columns. */
function auditable(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (Buffer.isBuffer(v) || ['created_at', 'updated_at', 'owner_id', 'created_by'].includes(k)) continue;
    out[k] = v;
  }
  return out;
}

/** ISO string of a timestamp column (or null). */
export const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
/** YYYY-MM-DD of a date column (pg returns DATE as a local Date). */
export const ymd = (v: unknown) => {
  if (v == null) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const d = v as Date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The scope fields every scoped read shape shows. */
export function scopeOut(row: Record<string, any>) {
  return { profile_type: row.team_id != null ? 'team' : row.is_system ? 'system' : 'self', team_id: row.team_id ?? null, created_by: row.created_by ?? null, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}
