// Plan limits, checked where a write would pass them: creating an inventory, adding a
// team member, an invoice import, OCR pages. The scope's plan is that of its live
// subscription (trialing, active or past_due), else the free plan. Past a limit the
// write is refused with 402 plan_limit_reached naming the limit, the usage, the plan
// and the cheapest active plan that lifts it. A downgrade deletes nothing: rows past
// the new limit stay, only new writes are refused.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import { inScope, type Db } from '../shared/scoped-rows.js';
import { BillingUsage, Inventory, SubscriptionPlan, TeamMember, UserSubscription } from '../../db/models/index.js';
import { PaymentRequired } from '../../jobs/runtime/errors.js';

export type LimitName = 'inventories' | 'team_members' | 'invoice_imports_per_month' | 'ocr_pages_per_month';
const COLUMN: Record<LimitName, keyof SubscriptionPlan> = {
  inventories: 'max_inventories',
  team_members: 'max_team_members',
  invoice_imports_per_month: 'invoice_imports_per_month',
  ocr_pages_per_month: 'ocr_pages_per_month',
};
const LIVE = ['trialing', 'active', 'past_due'];

export const scopeKey = (scope: Pick<Scope, 'type' | 'userId' | 'teamId'>) => (scope.type === 'team' ? `t:${scope.teamId}` : `u:${scope.userId}`);
const month = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

export class PlanLimits {
  constructor(private readonly platform: Platform) {}

  async planOf(db: Db, scope: Scope): Promise<SubscriptionPlan> {
    const sub = await inScope(UserSubscription.query(db), scope).where('purpose', 'plan').whereIn('status', LIVE).orderBy('id', 'desc').first();
    const plan = sub ? await SubscriptionPlan.query(db).findById(sub.plan_id) : await SubscriptionPlan.query(db).findOne({ code: 'free' });
    // an install whose plans were removed by hand has no limits rather than no service
    return plan ?? ({ code: 'unlimited', max_inventories: null, max_team_members: null, invoice_imports_per_month: null, ocr_pages_per_month: null } as SubscriptionPlan);
  }

  private async usage(db: Db, scope: Scope, limit: LimitName, now: Date): Promise<number> {
    if (limit === 'inventories') return Number((await inScope(Inventory.query(db), scope).count('* as n').first() as unknown as { n: string }).n);
    if (limit === 'team_members') return scope.teamId == null ? 1 : Number((await TeamMember.query(db).where('team_id', scope.teamId).count('* as n').first() as unknown as { n: string }).n);
    const row = await BillingUsage.query(db).findOne({ scope_key: scopeKey(scope), metric: limit, period: month(now) });
    return row?.used ?? 0;
  }

  /**
   * Throws 402 unless `adding` more fits the scope's plan. Inside a transaction the
   * scope's limit checks are serialised (a transaction-scoped advisory lock), so two
   * concurrent writes cannot both take the last unit.
   */
  async check(db: Db, scope: Scope, limit: LimitName, adding = 1, now = new Date()): Promise<void> {
    if (!this.platform.config.billing.enforceLimits) return;
    if ((db as Knex.Transaction).isTransaction) await db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`plan-limit:${scopeKey(scope)}:${limit}`]);
    const plan = await this.planOf(db, scope);
    const max = plan[COLUMN[limit]] as number | null;
    if (max == null) return;
    const usage = await this.usage(db, scope, limit, now);
    if (usage + adding <= max) return;
    const upgrade = await SubscriptionPlan.query(db).where('is_active', true).whereNull('curated_list_id').where((w) => w.whereNull(COLUMN[limit]).orWhere(COLUMN[limit], '>=', usage + adding)).orderBy('monthly_price').orderBy('id').first();
    throw new PaymentRequired(`Your ${plan.name ?? plan.code} plan allows ${max} ${limit.replace(/_/g, ' ')}; upgrade to do more.`, {
      limit, max, usage, requested: adding, plan: plan.code, upgrade_plan: upgrade?.code ?? null,
    });
  }

  /** consume() in a transaction of its own. */
  async meter(scope: Scope, limit: 'invoice_imports_per_month' | 'ocr_pages_per_month', amount = 1): Promise<void> {
    await this.platform.knex.transaction((trx) => this.consume(trx, scope, limit, amount));
  }

  /** Checks and counts a metered use (invoice imports, OCR pages) in one statement's transaction. */
  async consume(trx: Knex.Transaction, scope: Scope, limit: 'invoice_imports_per_month' | 'ocr_pages_per_month', amount = 1, now = new Date()): Promise<void> {
    await this.check(trx, scope, limit, amount, now);
    await trx(BillingUsage.tableName).insert({ scope_key: scopeKey(scope), metric: limit, period: month(now), used: amount }).onConflict(['scope_key', 'metric', 'period']).merge({ used: trx.raw('billing_usage.used + ?', [amount]) });
  }
}
