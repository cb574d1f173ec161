// Data-deletion requests (GDPR art. 17): asked for with the current password, carried
// out by the data-protection sweep once the grace period (GDPR_DELETION_GRACE_DAYS)
// is over, cancellable until then. The request row outlives the account (user_id
// cleared, subject_id kept) as the record that the erasure happened.
import fs from 'node:fs';
import path from 'node:path';
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import type { TokenService } from '../accounts/token-service.js';
import type { LimitRule, RateLimits } from '../shared/rate-limits.js';
import type { OwedCancellation, ProcessorCancellations } from '../billing/processor-cancellations.js';
import { pgError } from '../../db/errors.js';
import { verifyPassword } from '../../jobs/runtime/secrets.js';
import { Conflict, Invalid, NotFound, RateLimited, Unauthorized } from '../../jobs/runtime/errors.js';
import { DataDeletionRequest, User } from '../../db/models/index.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { iso } from '../shared/scoped-collection.js';
import { ERASURE_STEPS, type ErasureContext } from './erasure-steps.js';
import { deletionScheduledMail } from './data-protection-mail.js';
import { queueBillingMail } from '../billing/billing-mails.js';

export const deletionListSpec: ListSpec = {
  filters: {
    status: { column: 'status', schema: Joi.string().valid('pending', 'running', 'completed', 'cancelled', 'failed') },
    subject_id: { column: 'subject_id', schema: Joi.string().guid().description('staff: the requests of one account') },
  },
  ordering: { created_at: 'created_at', scheduled_for: 'scheduled_for' },
  defaultOrdering: '-created_at',
  tiebreak: 'id',
};

// the same budget as change-password: a stolen access token must not become a password oracle
const passwordCheckRule: LimitRule = { name: 'gdpr-deletion-password-fail', points: 5, durationSeconds: 900, message: 'Too many wrong current passwords; try again later.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DataDeletionService {
  constructor(private readonly platform: Platform, private readonly deps: { audit: AuditService; mail: MailService; tokens: TokenService; limits: RateLimits; cancellations: () => ProcessorCancellations }) {}

  async request(actor: Actor, input: { current_password: string; reason?: string | null }): Promise<Record<string, unknown>> {
    const { knex, config } = this.platform;
    const user = await User.query(knex).findById(actor.userId);
    if (!user) throw new Unauthorized();
    const wait = await this.deps.limits.isBlocked(passwordCheckRule, user.id);
    if (wait > 0) throw new RateLimited(wait, passwordCheckRule.message);
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      await this.deps.limits.consume(passwordCheckRule, user.id);
      throw Invalid.field('current_password', 'Current password is incorrect.', 'invalid_password');
    }
    const scheduledFor = new Date(Date.now() + config.dataProtection.deletionGraceDays * 86_400_000);
    try {
      const { row, emailId } = await knex.transaction(async (trx) => {
        const created = await DataDeletionRequest.query(trx).insert({ user_id: user.id, subject_id: user.id, reason: input.reason ?? null, scheduled_for: scheduledFor }).returning('*');
        await this.deps.audit.record(trx, { actorId: user.id }, { action: 'data_deletion.request', entityType: 'data_deletion_request', entityId: created.id, changes: { scheduled_for: scheduledFor.toISOString() } });
        return { row: created, emailId: await this.deps.mail.queue(trx, user.email, 'data_deletion_scheduled', deletionScheduledMail(user.first_name, scheduledFor)) };
      });
      await this.deps.mail.dispatch([emailId], user.id, { requestId: actor.requestId });
      return out(row);
    } catch (err) {
      if (pgError(err).code === '23505') throw new Conflict('A deletion of your account is already scheduled; cancel it first to change it.', 'deletion_pending');
      throw err;
    }
  }

  async cancel(actor: Actor, id: string): Promise<Record<string, unknown>> {
    const row = await this.visible(actor, id);
    return this.platform.knex.transaction(async (trx) => {
      const [done] = await DataDeletionRequest.query(trx).where({ id: row.id, status: 'pending' }).patch({ status: 'cancelled', cancelled_at: new Date() }).returning('*');
      if (!done) throw new Conflict(`The deletion request is ${row.status} and can no longer be cancelled.`, 'not_cancellable', { status: row.status });
      await this.deps.audit.record(trx, { actorId: actor.userId }, { action: 'data_deletion.cancel', entityType: 'data_deletion_request', entityId: row.id, changes: { status: 'cancelled' } });
      return out(done as unknown as DataDeletionRequest);
    });
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    const q = DataDeletionRequest.query(this.platform.knex);
    if (!actor.isStaff) q.where({ user_id: actor.userId });
    return paginate(at, applyListParams(q, deletionListSpec, params), params, out);
  }

  async get(actor: Actor, id: string): Promise<Record<string, unknown>> {
    return out(await this.visible(actor, id));
  }

  /** The sweep's work: every request whose grace period is over, one erasure each. */
  async runDue(now = new Date()): Promise<number> {
    const due = await DataDeletionRequest.query(this.platform.knex).where({ status: 'pending' }).where('scheduled_for', '<=', now).select('id').orderBy('scheduled_for');
    let done = 0;
    for (const { id } of due) {
      try {
        if (await this.erase(id)) done += 1;
      } catch (err) {
        // rolled back, still pending: the next sweep tries again; the others still run now
        this.platform.log.error({ err, request_id: id }, 'erasure failed');
      }
    }
    return done;
  }

  /** Erases one account; a request already taken (another sweep) or cancelled meanwhile is skipped. */
  async erase(requestId: string): Promise<boolean> {
    const { knex } = this.platform;
    const filesToRemove: string[] = [];
    const processorCancellations: OwedCancellation[] = [];
    const mails: number[] = [];
    const erased = await knex.transaction(async (trx) => {
      const [row] = (await DataDeletionRequest.query(trx).where({ id: requestId, status: 'pending' }).patch({ status: 'running' }).returning('*')) as unknown as DataDeletionRequest[];
      if (!row) return false;
      const user = row.user_id ? await User.query(trx).findById(row.user_id).forUpdate() : undefined;
      const notify: ErasureContext['notify'] = async (scope, content) => {
        const id = await queueBillingMail(trx, this.deps.mail, scope, content);
        if (id) mails.push(id);
      };
      const ctx: ErasureContext = { trx, subject: { userId: row.subject_id, email: user?.email ?? '' }, filesToRemove, processorCancellations, notify, outcome: {} };
      if (user) {
        for (const step of ERASURE_STEPS) await step.erase(ctx);
        // every login, refresh and API token stops at once on every instance, and live sockets close (after commit)
        await this.deps.tokens.revokeAllForUser(user.id, 'account_deleted', trx, undefined, { apiTokens: true });
        await User.query(trx).deleteById(user.id);
      }
      await DataDeletionRequest.query(trx).findById(row.id).patch({ status: 'completed', completed_at: new Date(), outcome: ctx.outcome });
      await this.deps.audit.record(trx, { actorId: null }, { action: 'data_deletion.complete', entityType: 'user', entityId: row.subject_id, changes: { request_id: row.id } });
      return true;
    });
    // after commit: a rolled-back erasure owes nothing; a lost enqueue is found by the billing sweep
    await this.deps.cancellations().enqueue(processorCancellations);
    await this.deps.mail.dispatch(mails);
    for (const relative of filesToRemove) {
      const absolute = path.resolve(this.platform.config.mediaRoot, relative);
      if (absolute.startsWith(path.resolve(this.platform.config.mediaRoot) + path.sep)) await fs.promises.rm(absolute, { force: true });
    }
    return erased;
  }

  private async visible(actor: Actor, id: string): Promise<DataDeletionRequest> {
    if (!UUID.test(id)) throw new NotFound('Data deletion request');
    const q = DataDeletionRequest.query(this.platform.knex).findById(id);
    if (!actor.isStaff) q.where({ user_id: actor.userId });
    const row = await q;
    if (!row) throw new NotFound('Data deletion request');
    return row;
  }
}

function out(r: DataDeletionRequest): Record<string, unknown> {
  return {
    id: r.id, user_id: r.user_id ?? null, subject_id: r.subject_id, status: r.status, reason: r.reason ?? null,
    created_at: iso(r.created_at), scheduled_for: iso(r.scheduled_for), cancelled_at: iso(r.cancelled_at), completed_at: iso(r.completed_at),
    outcome: r.outcome ?? {},
  };
}
