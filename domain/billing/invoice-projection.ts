// The processor's invoice object, projected onto billing_invoices (billing history).
// Amounts stay integers in minor units; Stripe's lowercase currency is stored upper
// case. Newer states win: an event older than the row's processor_state_at, or one
// that would move a paid invoice back, changes nothing.
import type { Knex } from 'knex';
import type { AuditService } from '../audit/audit-service.js';
import { BillingInvoice, type UserSubscription } from '../../db/models/index.js';
import type { InvoiceStatus } from '../../db/models/billing-invoice.js';
import { diff } from '../audit/audit-service.js';

export interface InvoiceObject {
  id: string;
  number?: string | null;
  status?: string;
  currency?: string;
  subtotal?: number;
  tax?: number | null;
  total_taxes?: { amount: number }[];
  total?: number;
  amount_paid?: number;
  period_start?: number;
  period_end?: number;
  lines?: { data?: { period?: { start?: number; end?: number } }[] };
  hosted_invoice_url?: string | null;
  attempt_count?: number;
  next_payment_attempt?: number | null;
  status_transitions?: { paid_at?: number | null };
}

const STATUSES: InvoiceStatus[] = ['draft', 'open', 'paid', 'uncollectible', 'void'];
const FINAL: InvoiceStatus[] = ['paid', 'void'];
const date = (s: number | null | undefined) => (typeof s === 'number' && s > 0 ? new Date(s * 1000) : null);
const int = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : 0);

export async function applyInvoice(trx: Knex.Transaction, processor: string, sub: UserSubscription, obj: InvoiceObject, created: Date, audit: AuditService): Promise<boolean> {
  const status = (STATUSES as string[]).includes(obj.status ?? '') ? (obj.status as InvoiceStatus) : 'open';
  const line = obj.lines?.data?.[0]?.period;
  const subtotal = int(obj.subtotal);
  const tax = obj.tax != null ? int(obj.tax) : (obj.total_taxes ?? []).reduce((n, t) => n + int(t.amount), 0);
  const values = {
    number: String(obj.number ?? obj.id).slice(0, 40),
    status,
    currency: String(obj.currency ?? 'eur').toUpperCase().slice(0, 3),
    subtotal,
    tax,
    total: obj.total != null ? int(obj.total) : subtotal + tax,
    amount_paid: int(obj.amount_paid),
    period_start: date(line?.start ?? obj.period_start) ?? created,
    period_end: date(line?.end ?? obj.period_end) ?? created,
    hosted_url: obj.hosted_invoice_url ?? null,
    attempt_count: int(obj.attempt_count),
    next_payment_attempt_at: date(obj.next_payment_attempt),
    paid_at: date(obj.status_transitions?.paid_at) ?? (status === 'paid' ? created : null),
    processor_state_at: created,
  };
  const existing = await BillingInvoice.query(trx).where({ processor, processor_invoice_id: obj.id }).forUpdate().first();
  const scope = { type: sub.team_id != null ? ('team' as const) : ('self' as const), teamId: sub.team_id };
  if (!existing) {
    const row = await BillingInvoice.query(trx).insert({ ...values, processor, processor_invoice_id: obj.id, subscription_id: sub.id, owner_id: sub.owner_id, team_id: sub.team_id, created_by: null } as never).returning('id');
    await audit.record(trx, { actorId: null, scope }, { action: 'billing_invoice.create', entityType: 'billing_invoice', entityId: (row as unknown as { id: number }).id, summary: `invoice ${values.number} ${status}`, changes: { status, total: values.total, currency: values.currency } });
    return true;
  }
  const older = existing.processor_state_at && created.getTime() < new Date(existing.processor_state_at).getTime();
  const backwards = FINAL.includes(existing.status) && existing.status !== status;
  if (older || backwards) return false;
  const changes = diff(existing as never, { status: values.status, amount_paid: values.amount_paid, attempt_count: values.attempt_count });
  await BillingInvoice.query(trx).findById(existing.id).patch({ ...values, updated_at: new Date() } as never);
  if (Object.keys(changes).length) {
    await audit.record(trx, { actorId: null, scope }, { action: 'billing_invoice.update', entityType: 'billing_invoice', entityId: existing.id, summary: `invoice ${values.number} ${status}`, changes });
  }
  return true;
}
