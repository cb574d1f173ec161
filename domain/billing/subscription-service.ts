// User subscriptions, in the caller's scope (a team subscribes as a team). POST starts
// a checkout: the row is created `incomplete` and the processor's hosted checkout URL
// returned; only the processor's webhook activates it. PATCH asks the processor to
// cancel at period end (or to resume) or to change plan or interval; the processor's
// confirmation is written with the processor time, so an older event cannot undo it.
// Paid curated lists use the same checkout and change (openCheckout, change) with
// purpose 'curated'; this collection shows and limits the platform plan's only.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Actor } from '../shared/actor.js';
import { ScopedCollection, iso, scopeOut, type CollectionDef, type Body } from '../shared/scoped-collection.js';
import { auditCtx, findInScope, inScope, scopeFill } from '../shared/scoped-rows.js';
import { diff } from '../audit/audit-service.js';
import { SubscriptionPlan, User, UserSubscription } from '../../db/models/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { pgError } from '../../db/errors.js';
import type { Interval, PaymentProcessor } from './processor.js';

export function subscriptionsDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: UserSubscription,
    alias: 'us',
    what: 'Subscription',
    entity: 'user_subscription',
    list: {
      filters: { status: { column: 'us.status', schema: Joi.string().valid('trialing', 'active', 'past_due', 'canceled', 'incomplete') }, plan: { column: 'us.plan_id', schema: Joi.number().integer().positive() } },
      ordering: { created_at: 'us.created_at', id: 'us.id' },
      defaultOrdering: '-created_at',
      tiebreak: 'us.id',
    },
    select: (db) => UserSubscription.query(db).alias('us').where('us.purpose', 'plan').join('subscription_plans as sp', 'sp.id', 'us.plan_id').select('us.*', 'sp.code as plan_code', 'sp.name as plan_name'),
    toOut: (r) => ({
      id: r.id, plan: r.plan_id, plan_code: r.plan_code, plan_name: r.plan_name, interval: r.interval, status: r.status, processor: r.processor,
      checkout_url: r.status === 'incomplete' ? (r.checkout_url ?? null) : null, current_period_start: iso(r.current_period_start), current_period_end: iso(r.current_period_end),
      cancel_at_period_end: r.cancel_at_period_end, canceled_at: iso(r.canceled_at), ...scopeOut(r),
    }),
    writable: [],
  };
}

export class SubscriptionService extends ScopedCollection<Record<string, unknown>> {
  constructor(
    platform: Platform,
    audit: AuditService,
    private readonly processor: () => PaymentProcessor,
  ) {
    super(platform, audit, subscriptionsDef());
  }

  /** Who may pay for the scope: the caller for themselves, the team's owner for a team. */
  private assertPayer(actor: Actor) {
    if (actor.scope.type === 'team' && actor.scope.role !== 'owner') throw new Forbidden('Only the team owner manages the team\'s subscription.', 'not_team_owner');
  }

  private async activePlan(planId: number): Promise<SubscriptionPlan> {
    const plan = await SubscriptionPlan.query(this.platform.knex).findById(planId).where('is_active', true);
    if (!plan) throw Invalid.field('plan', `Subscription plan ${planId} does not exist or is retired.`, 'plan_not_found');
    return plan;
  }

  /** Starts a checkout; an earlier unfinished checkout of the scope is abandoned (canceled). */
  override async create(actor: Actor, body: Body): Promise<Record<string, unknown>> {
    this.assertPayer(actor);
    const plan = await this.activePlan(body.plan as number);
    const interval = (body.interval as Interval) ?? 'month';
    if (plan.monthly_price === 0 && plan.yearly_price === 0) throw Invalid.field('plan', 'The free plan needs no subscription; it applies whenever none is active.', 'plan_is_free');
    const id = await this.platform.knex.transaction(async (trx) => {
      const live = await inScope(UserSubscription.query(trx), actor.scope).where('purpose', 'plan').whereNot('status', 'canceled').forUpdate();
      if (live.some((s) => s.status !== 'incomplete')) throw new Conflict('This scope already has a subscription; change its plan with PATCH.', 'already_subscribed');
      for (const s of live) await UserSubscription.query(trx).findById(s.id).patch({ status: 'canceled', canceled_at: new Date(), updated_at: new Date() } as never);
      return this.openCheckout(trx, actor, {
        plan, interval, purpose: 'plan', abandoned: live.map((s) => s.id),
        successUrl: (id) => (body.success_url as string) ?? this.platform.links.userSubscription(id), cancelUrl: (body.cancel_url as string) ?? this.platform.links.subscriptionPlans(),
      });
    });
    return this.get(actor, id);
  }

  /**
   * The checkout every paid subscription starts with (a platform plan here, a paid
   * curated list in domain/curation/): an `incomplete` row in the caller's scope, the
   * processor's hosted session, an audit entry, all in the caller's transaction. The
   * processor's webhook activates it (event-applier.ts). Returns the row's id.
   */
  async openCheckout(trx: Knex.Transaction, actor: Actor, req: { plan: SubscriptionPlan; interval: Interval; purpose: 'plan' | 'curated'; successUrl: (id: number) => string; cancelUrl: string; abandoned?: number[] }): Promise<number> {
    this.assertPayer(actor);
    const { plan, interval } = req;
    const processor = this.processor();
    const user = await User.query(trx).findById(actor.userId).select('email');
    const customerId = (await inScope(UserSubscription.query(trx), actor.scope).where({ processor: processor.name }).whereNotNull('processor_customer_id').orderBy('id', 'desc').first())?.processor_customer_id ?? null;
    let row: UserSubscription;
    try {
      row = await UserSubscription.query(trx).insert({ ...scopeFill(actor.scope, actor.userId), plan_id: plan.id, interval, purpose: req.purpose, status: 'incomplete', processor: processor.name, processor_customer_id: customerId } as never).returning('*');
    } catch (err) {
      if (pgError(err)?.code === '23505') throw new Conflict('A checkout for this scope was just started.', 'already_subscribed');
      throw err;
    }
    const session = await processor.createCheckout({ subscriptionId: row.id, plan, interval, customerEmail: user?.email ?? '', customerId, successUrl: req.successUrl(row.id), cancelUrl: req.cancelUrl });
    await UserSubscription.query(trx).findById(row.id).patch({ checkout_session_id: session.sessionId, checkout_url: session.url, processor_customer_id: session.customerId } as never);
    await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
      action: 'user_subscription.checkout', entityType: 'user_subscription', entityId: row.id,
      summary: `started checkout for plan ${plan.code} (${interval})`, changes: { plan: plan.code, interval, purpose: req.purpose, ...(req.abandoned ? { abandoned: req.abandoned } : {}) },
    });
    return row.id;
  }

  /** cancel_at_period_end, plan, interval: asked of the processor first, then recorded. */
  override async update(actor: Actor, id: number, body: Body): Promise<Record<string, unknown>> {
    this.assertPayer(actor);
    const sub = await findInScope<UserSubscription>(this.platform.knex, UserSubscription, id, actor.scope, 'Subscription');
    if (sub.purpose !== 'plan') throw new NotFound('Subscription');
    const plan = body.plan !== undefined ? await this.activePlan(body.plan as number) : undefined;
    await this.change(actor, sub, { cancelAtPeriodEnd: body.cancel_at_period_end as boolean | undefined, plan, interval: body.interval as Interval | undefined });
    return this.get(actor, id);
  }

  /**
   * Asks the processor to change a live subscription (cancel at period end or resume,
   * plan, interval), then records what it confirmed, audited. Used for platform plans
   * here and for paid curated subscriptions (domain/curation/).
   */
  async change(actor: Actor, sub: UserSubscription, req: { cancelAtPeriodEnd?: boolean; plan?: SubscriptionPlan; interval?: Interval }): Promise<void> {
    this.assertPayer(actor);
    if (!['active', 'trialing', 'past_due'].includes(sub.status) || !sub.processor_subscription_id) throw new Conflict(`A ${sub.status} subscription cannot be changed.`, 'subscription_not_live');
    const { plan } = req;
    const interval = req.interval ?? (plan ? sub.interval : undefined);
    const values: Partial<UserSubscription> = {
      ...(req.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: req.cancelAtPeriodEnd } : {}),
      ...(plan || interval ? { plan_id: plan?.id ?? sub.plan_id, interval: interval ?? sub.interval } : {}),
    };
    const changes = diff(sub as never, values as never);
    if (!Object.keys(changes).length) return;
    const target = plan ?? (values.interval ? await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id) : undefined);
    await this.processor().updateSubscription(sub.processor_subscription_id, { cancelAtPeriodEnd: values.cancel_at_period_end, ...(target ? { plan: target, interval: values.interval } : {}) });
    await this.platform.knex.transaction(async (trx) => {
      // the processor confirmed the change now: an event from before it cannot undo it (never moves the marker back)
      await UserSubscription.query(trx).findById(sub.id).patch({ ...values, processor_state_at: trx.raw('greatest(processor_state_at, ?)', [new Date(Math.floor(Date.now() / 1000) * 1000)]), updated_at: new Date() } as never);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'user_subscription.update', entityType: 'user_subscription', entityId: sub.id,
        summary: `updated subscription #${sub.id}: ${Object.keys(changes).join(', ')}`, changes,
      });
    });
  }
}
