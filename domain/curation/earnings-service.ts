// Curator earnings: one row per paid invoice of a paid curated subscription, written
// by the billing event job in the event's transaction (an InvoiceListener of
// domain/billing/event-applier.ts), so an invoice earns once however often its
// events arrive. For each invoice:
//   gross    = amount_paid - tax                          (tax is never the curator's)
//   refunded = amount_refunded * gross / amount_paid      (the refund's untaxed share, rounded)
//   fee      = round((gross - refunded) * fee_bps / 10000) (CURATOR_PLATFORM_FEE_BPS when paid, kept)
//   net      = gross - refunded - fee
// A refund (charge.refunded -> billing_invoices.amount_refunded) recomputes the row
// with the rate it was paid at. The balance per currency is the sum of net less the
// payouts staff recorded; a payout never exceeds it. Curators only read.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Scope } from '../shared/scope.js';
import type { Body, CollectionDef } from '../shared/scoped-collection.js';
import { ScopedCollection, iso, scopeOut } from '../shared/scoped-collection.js';
import { id as idSchema } from '../shared/listing.js';
import { inScope, scopeFill } from '../shared/scoped-rows.js';
import { BillingInvoice, CuratorEarning, CuratorPayout, Team, User } from '../../db/models/index.js';
import { Conflict, Forbidden, Invalid } from '../../jobs/runtime/errors.js';

type Row = Record<string, any>;

/** One invoice's earning, all integers in minor units. */
export function earningOf(invoice: { amount_paid: number; tax: number; amount_refunded: number }, feeBps: number) {
  const gross = Math.max(0, invoice.amount_paid - invoice.tax);
  const refunded = invoice.amount_paid > 0 ? Math.min(gross, Math.round((invoice.amount_refunded * gross) / invoice.amount_paid)) : 0;
  const base = gross - refunded;
  const fee = Math.round((base * feeBps) / 10000);
  return { gross, refunded, fee, net: base - fee };
}

export function earningsDef(): CollectionDef<Row> {
  return {
    model: CuratorEarning,
    alias: 'ce',
    what: 'Curator earning',
    entity: 'curator_earning',
    list: {
      filters: { currency: { column: 'ce.currency', schema: Joi.string().uppercase().length(3) }, list: { column: 'ce.list_id', schema: idSchema } },
      ordering: { paid_at: 'ce.paid_at', net: 'ce.net', id: 'ce.id' },
      defaultOrdering: '-paid_at',
      tiebreak: 'ce.id',
    },
    select: (db) => CuratorEarning.query(db).alias('ce').join('billing_invoices as bi', 'bi.id', 'ce.invoice_id').select('ce.*', 'bi.number as invoice_number'),
    toOut: (r) => ({
      id: r.id, list: r.list_id ?? null, list_name: r.list_name, invoice_number: r.invoice_number, currency: r.currency,
      gross: r.gross, refunded: r.refunded, fee_bps: r.fee_bps, fee: r.fee, net: r.net, paid_at: iso(r.paid_at), ...scopeOut(r),
    }),
    writable: [],
  };
}

export function payoutsDef(): CollectionDef<Row> {
  return {
    model: CuratorPayout,
    alias: 'po',
    what: 'Curator payout',
    entity: 'curator_payout',
    list: {
      filters: { currency: { column: 'po.currency', schema: Joi.string().uppercase().length(3) } },
      ordering: { created_at: 'po.created_at', amount: 'po.amount', id: 'po.id' },
      defaultOrdering: '-created_at',
      tiebreak: 'po.id',
    },
    select: (db) => CuratorPayout.query(db).alias('po').select('po.*'),
    toOut: (r) => ({ id: r.id, currency: r.currency, amount: r.amount, reference: r.reference, note: r.note, profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null, recorded_by: r.created_by ?? null, created_at: iso(r.created_at) }),
    writable: [],
  };
}

export interface CurrencyTotals {
  currency: string;
  gross: number;
  refunded: number;
  fees: number;
  net: number;
  paid_out: number;
  balance: number;
}

export class CuratorEarningsService extends ScopedCollection<Row> {
  readonly payouts: ScopedCollection<Row>;

  constructor(platform: Platform, audit: AuditService) {
    super(platform, audit, earningsDef());
    this.payouts = new ScopedCollection(platform, audit, payoutsDef());
  }

  /** The billing event job's hook: (re)computes the earning of a curated subscription's paid invoice. */
  async recordInvoice(trx: Knex.Transaction, processor: string, processorInvoiceId: string): Promise<void> {
    const inv = await BillingInvoice.query(trx).findOne({ processor, processor_invoice_id: processorInvoiceId });
    if (!inv) return;
    const existing = await CuratorEarning.query(trx).findOne({ invoice_id: inv.id }).forUpdate();
    if (existing) {
      const next = earningOf(inv, existing.fee_bps);
      if (next.refunded === existing.refunded && next.gross === existing.gross) return;
      await CuratorEarning.query(trx).findById(existing.id).patch({ ...next, updated_at: new Date() } as never);
      await this.audit.record(trx, { actorId: null, scope: scopeOfRow(existing) }, {
        action: 'curator_earning.refund', entityType: 'curator_earning', entityId: existing.id, summary: `refund on invoice ${inv.number} reverses curator earnings`,
        changes: { refunded: { from: existing.refunded, to: next.refunded }, net: { from: existing.net, to: next.net } },
      });
      return;
    }
    if (inv.status !== 'paid' || !inv.subscription_id) return;
    const list = await trx('curated_subscriptions as cs').join('curated_lists as cl', 'cl.id', 'cs.list_id').where('cs.billing_subscription_id', inv.subscription_id)
      .select('cl.id', 'cl.name', 'cl.owner_id', 'cl.team_id').first() as { id: number; name: string; owner_id: string | null; team_id: number | null } | undefined;
    if (!list) return;
    const feeBps = this.platform.config.billing.platformFeeBps;
    const values = earningOf(inv, feeBps);
    const [row] = await trx(CuratorEarning.tableName).insert({
      owner_id: list.owner_id, team_id: list.team_id, created_by: null, invoice_id: inv.id, list_id: list.id, list_name: list.name,
      currency: inv.currency, fee_bps: feeBps, paid_at: inv.paid_at ?? new Date(), ...values,
    }).onConflict('invoice_id').ignore().returning('id');
    if (!row) return;
    await this.audit.record(trx, { actorId: null, scope: scopeOfRow(list) }, {
      action: 'curator_earning.create', entityType: 'curator_earning', entityId: row.id, summary: `invoice ${inv.number} earned ${values.net} ${inv.currency} (minor units) on curated list #${list.id}`,
      changes: { invoice_id: inv.id, currency: inv.currency, ...values, fee_bps: feeBps },
    });
  }

  /** Per currency: what was earned, refunded, kept as fees, paid out, and the balance; staff may name another curator. */
  async totals(actor: Actor, curator: Body = {}): Promise<CurrencyTotals[]> {
    if (curator.curator_user === undefined && curator.curator_team === undefined) return totalsOf(this.platform.knex, actor.scope);
    if (!actor.isStaff) throw new Forbidden('Only staff read another curator\'s totals.', 'staff_only');
    return totalsOf(this.platform.knex, await this.curatorScope(curator));
  }

  /**
   * Staff record a payout to a curator (a user, or a team): it reduces the balance in
   * its currency and never exceeds it (409 payout_exceeds_balance); audited under the
   * curator's scope with the staff member as actor.
   */
  async recordPayout(actor: Actor, body: Body): Promise<Row & { balance: number }> {
    if (!actor.isStaff) throw new Forbidden('Only staff record curator payouts.', 'staff_only');
    const scope = await this.curatorScope(body);
    const currency = String(body.currency).toUpperCase();
    const amount = body.amount as number;
    const id = await this.platform.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`curator-payout:${scope.type === 'team' ? `t:${scope.teamId}` : `u:${scope.userId}`}:${currency}`]);
      const balance = (await totalsOf(trx, scope)).find((t) => t.currency === currency)?.balance ?? 0;
      if (amount > balance) throw new Conflict(`The curator's ${currency} balance is ${balance} (minor units); a payout cannot exceed it.`, 'payout_exceeds_balance', { balance, currency });
      const row = await CuratorPayout.query(trx).insert({ ...scopeFill(scope, actor.userId), currency, amount, reference: body.reference ?? '', note: body.note ?? '' } as never).returning('*');
      await this.audit.record(trx, { actorId: actor.userId, scope: { type: scope.type, teamId: scope.teamId } }, {
        action: 'curator_payout.create', entityType: 'curator_payout', entityId: row.id, summary: `recorded a payout of ${amount} ${currency} (minor units) to a curator`,
        changes: { currency, amount, reference: row.reference, curator: scope.type === 'team' ? { team_id: scope.teamId } : { user_id: scope.userId } },
      });
      return row.id;
    });
    const row = await inScope(this.payouts.def.select(this.platform.knex) as Knex.QueryBuilder, scope, { table: 'po' }).where('po.id', id).first();
    const balance = (await totalsOf(this.platform.knex, scope)).find((t) => t.currency === currency)?.balance ?? 0;
    return { ...this.payouts.def.toOut(row as Row, this.platform), balance };
  }

  private async curatorScope(body: Body): Promise<Scope> {
    if (body.curator_team !== undefined) {
      const team = await Team.query(this.platform.knex).findById(body.curator_team as number);
      if (!team) throw Invalid.field('curator_team', `Team ${String(body.curator_team)} not found.`, 'curator_not_found');
      return { type: 'team', userId: team.owner_id, teamId: team.id, role: null };
    }
    const user = await User.query(this.platform.knex).findById(body.curator_user as string);
    if (!user) throw Invalid.field('curator_user', `User ${String(body.curator_user)} not found.`, 'curator_not_found');
    return { type: 'self', userId: user.id, teamId: null, role: null };
  }
}

const scopeOfRow = (row: { team_id: number | null }) => ({ type: row.team_id != null ? ('team' as const) : ('self' as const), teamId: row.team_id });

async function totalsOf(db: Knex | Knex.Transaction, scope: Scope): Promise<CurrencyTotals[]> {
  const earned = (await inScope(db('curator_earnings'), scope).groupBy('currency').select('currency')
    .sum({ gross: 'gross', refunded: 'refunded', fees: 'fee', net: 'net' })) as unknown as { currency: string; gross: string; refunded: string; fees: string; net: string }[];
  const paid = (await inScope(db('curator_payouts'), scope).groupBy('currency').select('currency').sum({ paid_out: 'amount' })) as unknown as { currency: string; paid_out: string }[];
  const currencies = [...new Set([...earned.map((e) => e.currency), ...paid.map((p) => p.currency)])].sort();
  return currencies.map((currency) => {
    const e = earned.find((x) => x.currency === currency);
    const paidOut = Number(paid.find((x) => x.currency === currency)?.paid_out ?? 0);
    const net = Number(e?.net ?? 0);
    return { currency, gross: Number(e?.gross ?? 0), refunded: Number(e?.refunded ?? 0), fees: Number(e?.fees ?? 0), net, paid_out: paidOut, balance: net - paidOut };
  });
}
