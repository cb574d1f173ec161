// Curated subscriptions: a scope (a user, or a team as a team) subscribes to another
// curator's list. A free list's subscription is active at once; a paid list's starts
// a checkout through the billing area (SubscriptionService.openCheckout: an
// `incomplete` billing subscription with purpose 'curated' on the list's hidden
// plan), which only the processor's webhook activates; renewals, dunning and
// invoices are the billing area's. A paid one's status is its billing
// subscription's, read through a join, so nothing here mirrors processor state.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Body, CollectionService } from '../shared/scoped-collection.js';
import type { SubscriptionService } from '../billing/subscription-service.js';
import { iso, scopeOut } from '../shared/scoped-collection.js';
import { applyListParams, id as idSchema, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { auditCtx, inScope, scopeFill } from '../shared/scoped-rows.js';
import { CuratedList, CuratedSubscription, SubscriptionPlan, UserSubscription } from '../../db/models/index.js';
import { Conflict, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { pgError } from '../../db/errors.js';
import { CURATED_STATUS_SQL, LIVE_STATUSES, ownedBy } from './list-access.js';

type Row = Record<string, any>;

export const curatedSubscriptionSpec: ListSpec = {
  filters: {
    list: { column: 'cs.list_id', schema: idSchema },
    kind: { column: 'cs.kind', schema: Joi.string().valid('free', 'paid') },
    status: { column: 'status', schema: Joi.string().valid('trialing', 'active', 'past_due', 'canceled', 'incomplete'), apply: (q, v) => void q.whereRaw(`${CURATED_STATUS_SQL} = ?`, [v as string]) },
  },
  ordering: { created_at: 'cs.created_at', id: 'cs.id' },
  defaultOrdering: '-created_at',
  tiebreak: 'cs.id',
};

function out(r: Row) {
  return {
    id: r.id, list: r.list_id, list_name: r.list_name, list_slug: r.list_slug, kind: r.kind, status: r.status,
    price: r.kind === 'paid' ? r.plan_price : null, currency: r.kind === 'paid' ? r.plan_currency : null, interval: r.kind === 'paid' ? r.us_interval : null,
    billing_subscription: r.billing_subscription_id ?? null,
    checkout_url: r.status === 'incomplete' ? (r.checkout_url ?? null) : null,
    current_period_end: iso(r.current_period_end), cancel_at_period_end: !!r.cancel_at_period_end,
    canceled_at: iso(r.ended_at ?? r.us_canceled_at), ...scopeOut(r),
  };
}

export class CuratedSubscriptionService implements CollectionService<Row> {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
    private readonly billing: () => SubscriptionService,
  ) {}

  private select(db: Knex | Knex.Transaction, actor: Actor) {
    const q = CuratedSubscription.query(db).alias('cs')
      .join('curated_lists as cl', 'cl.id', 'cs.list_id')
      .leftJoin('user_subscriptions as us', 'us.id', 'cs.billing_subscription_id')
      .leftJoin('subscription_plans as sp', 'sp.id', 'us.plan_id')
      .select('cs.*', 'cl.name as list_name', 'cl.slug as list_slug', 'us.checkout_url', 'us.current_period_end', 'us.cancel_at_period_end', 'us.canceled_at as us_canceled_at', 'us.interval as us_interval',
        db.raw(`(CASE us.interval WHEN 'year' THEN sp.yearly_price ELSE sp.monthly_price END) AS plan_price`), 'sp.currency as plan_currency', db.raw(`${CURATED_STATUS_SQL} AS status`));
    return inScope(q, actor.scope, { table: 'cs' });
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Row>> {
    return paginate(at, applyListParams(this.select(this.platform.knex, actor) as never, curatedSubscriptionSpec, params), params, out);
  }

  async get(actor: Actor, id: number): Promise<Row> {
    const row = await this.select(this.platform.knex, actor).where('cs.id', id).first();
    if (!row) throw new NotFound('Curated subscription');
    return out(row as Row);
  }

  /** Subscribes the scope to a list named by id (public or subscribers lists) or by slug (any, e.g. unlisted). */
  async create(actor: Actor, body: Body): Promise<Row> {
    const id = await this.platform.knex.transaction(async (trx) => {
      const list = await this.target(trx, actor, body);
      const plan = await SubscriptionPlan.query(trx).where({ curated_list_id: list.id, is_active: true }).orderBy('id', 'desc').first();
      const ended = await this.closeEnded(trx, actor, list.id);
      let row: CuratedSubscription;
      try {
        row = await CuratedSubscription.query(trx).insert({ ...scopeFill(actor.scope, actor.userId), list_id: list.id, kind: plan ? 'paid' : 'free' } as never).returning('*');
      } catch (err) {
        if (pgError(err)?.code === '23505') throw new Conflict('This scope just subscribed to the list.', 'already_subscribed');
        throw err;
      }
      if (plan) {
        const billingId = await this.billing().openCheckout(trx, actor, {
          plan, interval: list.interval ?? 'month', purpose: 'curated',
          successUrl: () => (body.success_url as string) ?? this.platform.links.curatedSubscription(row.id), cancelUrl: (body.cancel_url as string) ?? this.platform.links.curatedList(list.id),
        });
        await CuratedSubscription.query(trx).findById(row.id).patch({ billing_subscription_id: billingId } as never);
      }
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_subscription.create', entityType: 'curated_subscription', entityId: row.id,
        summary: `subscribed to curated list "${list.name}" (#${list.id})${plan ? ', checkout started' : ''}`, changes: { list_id: list.id, kind: row.kind, replaced: ended },
      });
      return row.id;
    });
    return this.get(actor, id);
  }

  /**
   * cancel_at_period_end: a free subscription ends at once (it has no period); an
   * unpaid checkout is abandoned; a live paid one is changed at the processor
   * (cancel at period end, or resume), like a user subscription.
   */
  async update(actor: Actor, id: number, body: Body): Promise<Row> {
    const cancel = body.cancel_at_period_end as boolean;
    const row = await this.get(actor, id);
    if (row.status === 'canceled') throw new Conflict('This subscription has ended.', 'subscription_not_live');
    if (row.kind === 'free' || row.status === 'incomplete') {
      if (!cancel) return row;
      await this.platform.knex.transaction(async (trx) => {
        const locked = await inScope(CuratedSubscription.query(trx), actor.scope).findById(id).whereNull('ended_at').forUpdate();
        if (!locked) throw new Conflict('This subscription has ended.', 'subscription_not_live');
        if (locked.billing_subscription_id) {
          const abandoned = await UserSubscription.query(trx).findById(locked.billing_subscription_id).where('status', 'incomplete').patch({ status: 'canceled', canceled_at: new Date(), updated_at: new Date() } as never);
          if (!abandoned) throw new Conflict('The checkout was just completed; cancel again to cancel at period end.', 'subscription_changed');
        }
        await CuratedSubscription.query(trx).findById(id).patch({ ended_at: new Date(), updated_at: new Date() } as never);
        await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
          action: 'curated_subscription.cancel', entityType: 'curated_subscription', entityId: id, summary: `canceled the subscription to curated list #${row.list}`, changes: { status: { from: row.status, to: 'canceled' } },
        });
      });
      return this.get(actor, id);
    }
    const sub = await UserSubscription.query(this.platform.knex).findById(row.billing_subscription);
    if (!sub) throw new NotFound('Curated subscription');
    await this.billing().change(actor, sub, { cancelAtPeriodEnd: cancel });
    return this.get(actor, id);
  }

  /** The list to subscribe to: by id unless unlisted (then by its slug); never the scope's own. */
  private async target(trx: Knex.Transaction, actor: Actor, body: Body): Promise<CuratedList> {
    const list = body.slug !== undefined ? await CuratedList.query(trx).findOne({ slug: body.slug as string }) : await CuratedList.query(trx).findById(body.list as number);
    const [mine, mb] = ownedBy('curated_lists', actor.scope);
    const own = list ? !!(await CuratedList.query(trx).findById(list.id).whereRaw(mine, mb).first()) : false;
    if (!list || (body.slug === undefined && list.visibility === 'unlisted' && !own)) throw new Invalid('Curated list not found.', [{ path: body.slug !== undefined ? 'slug' : 'list', message: 'no such curated list' }], 'list_not_found');
    if (own) throw Invalid.field(body.slug !== undefined ? 'slug' : 'list', 'A curator does not subscribe to its own list.', 'own_list');
    return list;
  }

  /**
   * The scope's open subscription to the list: a live one is a conflict; one whose
   * billing subscription ended (or an abandoned checkout) is closed so a new one
   * can start. Returns the ids closed.
   */
  private async closeEnded(trx: Knex.Transaction, actor: Actor, listId: number): Promise<number[]> {
    const open = await inScope(CuratedSubscription.query(trx), actor.scope).where('list_id', listId).whereNull('ended_at').forUpdate();
    const closed: number[] = [];
    for (const o of open) {
      const billing = o.billing_subscription_id ? await UserSubscription.query(trx).findById(o.billing_subscription_id).forUpdate() : undefined;
      const status = o.kind === 'free' ? 'active' : (billing?.status ?? 'canceled');
      if (LIVE_STATUSES.includes(status)) throw new Conflict('This scope already subscribes to the list.', 'already_subscribed');
      if (status === 'incomplete' && o.billing_subscription_id) await UserSubscription.query(trx).findById(o.billing_subscription_id).patch({ status: 'canceled', canceled_at: new Date(), updated_at: new Date() } as never);
      await CuratedSubscription.query(trx).findById(o.id).patch({ ended_at: new Date(), updated_at: new Date() } as never);
      closed.push(o.id);
    }
    return closed;
  }
}
