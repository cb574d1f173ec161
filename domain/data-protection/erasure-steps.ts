// The erasure of one account (GDPR art. 17), as small per-area steps run in one
// transaction before the user row is deleted (which cascades to everything personal:
// profile, tokens, memberships, personal-scope inventory and catalog rows, scans,
// searches, notifications, verification mirror, tickets and chat). A new area adds a
// step to ERASURE_STEPS. Rows kept on purpose:
// - the audit trail: the actor stays a bare user id that no longer names anyone; the
//   summary, ip and any e-mail in `changes` are redacted (the one update the
//   append-only trigger allows);
// - billing records (kept for tax law): the user reference and personal columns are
//   cleared, amounts and dates stay (the billing FKs set the scope to NULL, so the
//   user row's delete keeps them too; curator earnings and payouts likewise);
// - subscriptions the erasure ends stay as canceled records; each one with a processor
//   subscription is also owed a cancellation at the processor (Stripe), asked by a
//   billing job after the commit and re-enqueued by the billing sweep until the
//   processor confirms (domain/billing/processor-cancellations.ts);
// - team rows the user created keep existing with created_by cleared (FK SET NULL).
import type { Knex } from 'knex';
import { billingTables } from './billing-tables.js';
import { markCancellationsOwed, type OwedCancellation } from '../billing/processor-cancellations.js';
import { billingMails } from '../billing/billing-mails.js';
import type { MailContent } from '../shared/mail-templates.js';

export interface ErasureSubject {
  userId: string;
  email: string;
}

export interface ErasureContext {
  trx: Knex.Transaction;
  subject: ErasureSubject;
  /** files under MEDIA_ROOT to remove once the transaction has committed */
  filesToRemove: string[];
  /** subscriptions ended here that the processor must cancel too: enqueued once the transaction has committed */
  processorCancellations: OwedCancellation[];
  /** queues an e-mail to whoever answers for a scope (a user, a team's owner) in the transaction; sent after commit */
  notify(scope: { owner_id: string | null; team_id: number | null }, content: MailContent): Promise<void>;
  outcome: Record<string, unknown>;
}

export type ErasureStep = (ctx: ErasureContext) => Promise<void>;

/**
 * A team the user owns goes to its longest-standing other member (the earliest
 * joined; roles are owner|member); a team with no other member is deleted with its rows.
 */
const handOverTeams: ErasureStep = async ({ trx, subject, outcome }) => {
  const owned = await trx('teams').where({ owner_id: subject.userId }).select('id');
  const handedOver: { team_id: number; new_owner_id: string }[] = [];
  const deleted: number[] = [];
  for (const { id } of owned) {
    const heir = await trx('team_members').where({ team_id: id }).whereNot({ user_id: subject.userId }).orderBy([{ column: 'created_at' }, { column: 'id' }]).first();
    if (!heir) {
      await trx('teams').where({ id }).delete();
      deleted.push(id);
      continue;
    }
    await trx('teams').where({ id }).update({ owner_id: heir.user_id, updated_at: new Date() });
    await trx('team_members').where({ id: heir.id }).update({ role: 'owner' });
    handedOver.push({ team_id: id, new_owner_id: heir.user_id });
  }
  outcome.teams_handed_over = handedOver;
  outcome.teams_deleted = deleted;
};

const invitations: ErasureStep = async ({ trx, subject, outcome }) => {
  outcome.invitations_deleted = await trx('team_invitations').where({ user_id: subject.userId }).orWhere({ email: subject.email }).delete();
};

/** Uploaded files of the personal rows the cascade deletes (team documents stay the team's). */
const uploadedFiles: ErasureStep = async ({ trx, subject, filesToRemove }) => {
  const documents = await trx('invoice_import_documents').where({ owner_id: subject.userId }).whereNull('team_id').whereNotNull('path').pluck('path');
  const attachments = await trx('support_ticket_attachments as a').join('support_tickets as t', 't.id', 'a.ticket_id').where('t.user_id', subject.userId).pluck('a.path');
  filesToRemove.push(...documents, ...attachments);
};

const outbox: ErasureStep = async ({ trx, subject, outcome }) => {
  outcome.emails_deleted = await trx('outbound_emails').where({ to_address: subject.email }).delete();
};

const auditTrail: ErasureStep = async ({ trx, subject, outcome }) => {
  await trx.raw("SET LOCAL invp.audit_redaction = 'on'");
  outcome.audit_entries_redacted = await trx('system_audit_logs')
    .where((w) => w.where({ actor_id: subject.userId }).orWhereRaw("changes->>'user_id' = ?", [subject.userId]).orWhereRaw("changes->>'email' = ?", [subject.email]).orWhere('summary', 'ilike', `%${subject.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .update({ summary: '[redacted]', ip: null, changes: trx.raw("changes - 'email'") });
  await trx.raw("SET LOCAL invp.audit_redaction = 'off'");
};

const ENDED = () => ({ status: 'canceled', canceled_at: new Date(), cancel_at_period_end: false, checkout_url: null, updated_at: new Date() });

/** Ends subscriptions here and marks them owed a processor cancellation (the job runs after commit). */
async function endSubscriptions(ctx: ErasureContext, live: Knex.QueryBuilder): Promise<number> {
  const ended: { id: number }[] = await live.whereNot('status', 'canceled').update(ENDED()).returning('id');
  const owed = await markCancellationsOwed(ctx.trx, ended.map((r) => r.id));
  ctx.processorCancellations.push(...owed);
  ctx.outcome.processor_cancellations_requested = Number(ctx.outcome.processor_cancellations_requested ?? 0) + owed.length;
  return ended.length;
}

/**
 * Before the billing rows are detached: the personal scope's payment-method tokens go
 * (they are not tax records) and its live subscriptions end here (nobody is left to
 * charge), on our side now and at the processor by a job after commit: with Stripe the
 * customer's subscription is canceled in Stripe, immediately and without proration.
 */
const billingRelations: ErasureStep = async (ctx) => {
  const { trx, subject, outcome } = ctx;
  outcome.payment_methods_deleted = await trx('payment_methods').where({ owner_id: subject.userId }).whereNull('team_id').delete();
  outcome.subscriptions_canceled = await endSubscriptions(ctx, trx('user_subscriptions').where({ owner_id: subject.userId }).whereNull('team_id'));
};

/**
 * The user's personal curated lists go with the account (FK cascade); the paid
 * subscriptions other users hold to them end here, since there is nothing left to
 * pay for, and are canceled at the processor too (the subscribers stop being charged).
 * Each subscriber whose subscription was live is told by e-mail.
 */
const curatedLists: ErasureStep = async (ctx) => {
  const { trx, subject, outcome } = ctx;
  const held: { id: number; owner_id: string | null; team_id: number | null; status: string; list_name: string }[] = await trx('curated_subscriptions as cs')
    .join('curated_lists as cl', 'cl.id', 'cs.list_id').join('user_subscriptions as us', 'us.id', 'cs.billing_subscription_id')
    .where('cl.owner_id', subject.userId).whereNull('cl.team_id').where('us.purpose', 'curated').whereNot('us.status', 'canceled')
    .select('us.id', 'us.owner_id', 'us.team_id', 'us.status', 'cl.name as list_name');
  outcome.curated_subscribers_canceled = await endSubscriptions(ctx, trx('user_subscriptions').whereIn('id', held.map((h) => h.id)));
  // (the curator's own subscription to their list ends unmentioned: nobody is left to tell)
  for (const h of held) if (LIVE.includes(h.status) && h.owner_id !== subject.userId) await ctx.notify(h, billingMails.listRemoved(h.list_name));
};
const LIVE = ['active', 'trialing', 'past_due'];

/** Billing tables (the billing area's, billing-tables.ts) keep their rows: detached and stripped of personal columns. */
const PERSONAL_COLUMN = /^(billing_|customer_)?(email|name|first_name|last_name|full_name|phone|address|address_line\d?|street|city|postal_code|zip)$/;
const billingRecords: ErasureStep = async ({ trx, subject, outcome }) => {
  const kept: Record<string, number> = {};
  for (const { table, ref, columns } of await billingTables(trx)) {
    const patch: Record<string, unknown> = {};
    for (const c of columns) if (PERSONAL_COLUMN.test(c.column_name)) patch[c.column_name] = c.is_nullable === 'YES' ? null : '[erased]';
    if (ref.is_nullable === 'YES') patch[ref.column_name] = null;
    if (Object.keys(patch).length) kept[table] = await trx(table).where(ref.column_name, subject.userId).update(patch);
  }
  outcome.billing_records_anonymised = kept;
};

export const ERASURE_STEPS: { area: string; erase: ErasureStep }[] = [
  { area: 'teams', erase: handOverTeams },
  { area: 'teams', erase: invitations },
  { area: 'media', erase: uploadedFiles },
  { area: 'mail', erase: outbox },
  { area: 'audit', erase: auditTrail },
  { area: 'curation', erase: curatedLists },
  { area: 'billing', erase: billingRelations },
  { area: 'billing', erase: billingRecords },
];
