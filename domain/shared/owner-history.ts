// A history each user keeps for themselves inside a scope (barcode scans, product
// searches): a user lists, reads and deletes only their own entries of the active
// scope; anything else is 404. Deleting records an audit entry.
import type { Knex } from 'knex';
import type { AnyQueryBuilder, ModelClass } from 'objection';
import type { BaseModel } from '../../db/models/base-model.js';
import type { Actor } from './actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { auditCtx, inScope, type Db } from './scoped-rows.js';

export class OwnerHistory {
  /**
   * @param model the history table's model (aliased `s` in queries)
   * @param entity audit entity type: "barcode_scan" -> action "barcode_scan.delete"
   * @param what the entry in messages: "Barcode scan"
   */
  constructor(
    private readonly audit: AuditService,
    private readonly model: ModelClass<BaseModel>,
    private readonly entity: string,
    private readonly what: string,
  ) {}

  /** The actor's own entries in their active scope, as `s`. */
  mine(db: Db, actor: Actor): AnyQueryBuilder {
    return inScope(this.model.query(db).alias('s'), actor.scope, { table: 's' }).where('s.user_id', actor.userId);
  }

  async find(db: Db, actor: Actor, id: number): Promise<Record<string, any>> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound(this.what);
    const row = await this.mine(db, actor).where('s.id', id).select('s.*').first();
    if (!row) throw new NotFound(this.what);
    return row;
  }

  /** Deletes one of the actor's entries; `summary` words the audit entry. */
  async remove(knex: Knex, actor: Actor, id: number, summary: (row: Record<string, any>) => string): Promise<void> {
    await knex.transaction(async (trx) => {
      const row = await this.find(trx, actor, id);
      await this.model.query(trx).where({ id }).delete();
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), { action: `${this.entity}.delete`, entityType: this.entity, entityId: id, summary: summary(row) });
    });
  }
}
