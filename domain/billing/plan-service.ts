// Subscription plans: every signed-in user reads the active ones (staff also the
// retired ones); staff create and update them. Plans are never deleted (subscriptions
// and invoices refer to them): staff retire one with is_active=false.
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { CollectionService, Body } from '../shared/scoped-collection.js';
import { diff } from '../audit/audit-service.js';
import { iso, pick } from '../shared/scoped-collection.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type PageAt, type Page } from '../shared/listing.js';
import { SubscriptionPlan } from '../../db/models/index.js';
import { Forbidden, NotFound } from '../../jobs/runtime/errors.js';
import Joi from 'joi';

export const planListSpec: ListSpec = {
  filters: { code: { column: 'code', schema: Joi.string().max(40) }, currency: { column: 'currency', schema: Joi.string().uppercase().length(3) } },
  search: ['name', 'description'],
  ordering: { sort_order: 'sort_order', monthly_price: 'monthly_price', name: 'name', id: 'id' },
  defaultOrdering: 'sort_order',
  tiebreak: 'id',
};

const WRITABLE = ['code', 'name', 'description', 'currency', 'monthly_price', 'yearly_price', 'max_inventories', 'max_team_members', 'invoice_imports_per_month', 'ocr_pages_per_month', 'trial_days', 'sort_order', 'is_active', 'processor_prices'];

export function planOut(p: SubscriptionPlan) {
  return {
    id: p.id, code: p.code, name: p.name, description: p.description, currency: p.currency, monthly_price: p.monthly_price, yearly_price: p.yearly_price,
    limits: { inventories: p.max_inventories, team_members: p.max_team_members, invoice_imports_per_month: p.invoice_imports_per_month, ocr_pages_per_month: p.ocr_pages_per_month },
    trial_days: p.trial_days, sort_order: p.sort_order, is_active: p.is_active, created_at: iso(p.created_at), updated_at: iso(p.updated_at),
  };
}
export type PlanOut = ReturnType<typeof planOut>;

const staffOnly = (actor: Actor) => {
  if (!actor.isStaff) throw new Forbidden('Only staff manage subscription plans.', 'staff_only');
};

export class PlanService implements CollectionService<PlanOut> {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
  ) {}

  private visible(actor: Actor) {
    // the hidden plans carrying curated lists' prices are the curation area's (domain/curation/)
    const q = SubscriptionPlan.query(this.platform.knex).whereNull('curated_list_id');
    return actor.isStaff ? q : q.where('is_active', true);
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<PlanOut>> {
    return paginate(at, applyListParams(this.visible(actor) as never, planListSpec, params), params, (r) => planOut(r as SubscriptionPlan));
  }

  async get(actor: Actor, id: number): Promise<PlanOut> {
    const plan = await this.visible(actor).findById(id);
    if (!plan) throw new NotFound('Subscription plan');
    return planOut(plan);
  }

  async create(actor: Actor, body: Body): Promise<PlanOut> {
    staffOnly(actor);
    const values = pick(body, WRITABLE);
    const plan = await this.platform.knex.transaction(async (trx) => {
      const row = await SubscriptionPlan.query(trx).insert(values as never).returning('*');
      await this.audit.record(trx, { actorId: actor.userId }, { action: 'subscription_plan.create', entityType: 'subscription_plan', entityId: row.id, summary: `created plan ${row.code}`, changes: values });
      return row;
    });
    return planOut(plan);
  }

  async update(actor: Actor, id: number, body: Body): Promise<PlanOut> {
    staffOnly(actor);
    const values = pick(body, WRITABLE);
    const plan = await this.platform.knex.transaction(async (trx) => {
      const before = await SubscriptionPlan.query(trx).findById(id).forUpdate();
      if (!before) throw new NotFound('Subscription plan');
      const changes = diff(before as never, values);
      if (!Object.keys(changes).length) return before;
      const after = await SubscriptionPlan.query(trx).patchAndFetchById(id, { ...values, updated_at: new Date() } as never);
      await this.audit.record(trx, { actorId: actor.userId }, { action: 'subscription_plan.update', entityType: 'subscription_plan', entityId: id, summary: `updated plan ${after.code}: ${Object.keys(changes).join(', ')}`, changes });
      return after;
    });
    return planOut(plan);
  }
}
