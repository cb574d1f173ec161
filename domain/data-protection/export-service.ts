// Data-export requests (GDPR art. 15 and 20): one at a time per user, built by the
// `maintenance.data-export` job into a ZIP under MEDIA_ROOT/exports/ (a private folder:
// no public media route reaches it), downloadable by the requester only until it
// expires (GDPR_EXPORT_TTL_HOURS), then deleted by the data-protection sweep.
import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import { pgError } from '../../db/errors.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { DataExportRequest, User } from '../../db/models/index.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { iso } from '../shared/scoped-collection.js';
import { EXPORT_COLLECTORS } from './export-collectors.js';
import { writeExportArchive } from './export-archive.js';
import { exportReadyMail } from './data-protection-mail.js';

export const exportListSpec: ListSpec = {
  filters: {
    status: { column: 'status', schema: Joi.string().valid('queued', 'running', 'completed', 'failed', 'expired') },
    user_id: { column: 'user_id', schema: Joi.string().guid().description('staff: the requests of one user') },
  },
  ordering: { created_at: 'created_at' },
  defaultOrdering: '-created_at',
  tiebreak: 'id',
};

export interface ExportDownload {
  filePath: string;
  size: number;
  filename: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DataExportService {
  constructor(private readonly platform: Platform, private readonly deps: { audit: AuditService; mail: MailService }) {}

  /** Queues a new export; 409 while one is queued or running. */
  async request(actor: Actor): Promise<Record<string, unknown>> {
    const { knex } = this.platform;
    let row: DataExportRequest;
    try {
      row = await knex.transaction(async (trx) => {
        const created = await DataExportRequest.query(trx).insert({ user_id: actor.userId }).returning('*');
        await this.deps.audit.record(trx, { actorId: actor.userId }, { action: 'data_export.request', entityType: 'data_export_request', entityId: created.id, summary: 'Data export requested' });
        return created;
      });
    } catch (err) {
      if (pgError(err).code === '23505') throw new Conflict('A data export of your account is already being prepared; wait until it is completed.', 'export_in_progress');
      throw err;
    }
    try {
      await this.platform.producer.enqueue('maintenance.data-export', { actor_id: actor.userId, request_id: row.id }, { requestId: actor.requestId });
    } catch (err) {
      // the row stays queued; the data-protection sweep enqueues it again
      this.platform.log.warn({ err, request_id: row.id }, 'data export not enqueued; the sweep will retry');
    }
    return this.out(row);
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    const q = DataExportRequest.query(this.platform.knex);
    if (!actor.isStaff) q.where({ user_id: actor.userId });
    return paginate(at, applyListParams(q, exportListSpec, params), params, (r) => this.out(r));
  }

  async get(actor: Actor, id: string): Promise<Record<string, unknown>> {
    return this.out(await this.visible(actor, id));
  }

  /** The archive of a completed, unexpired export: the requester only (staff neither). */
  async download(actor: Actor, id: string): Promise<ExportDownload> {
    const row = await this.visible({ ...actor, isStaff: false }, id);
    if (row.status === 'expired' || (row.expires_at && row.expires_at <= new Date())) throw new NotFound('Data export (it has expired)', 'export_expired');
    if (row.status !== 'completed' || !row.file_path) throw new Conflict('The data export is not ready yet.', 'export_not_ready', { status: row.status });
    const filePath = this.absolute(row.file_path);
    const stat = await fs.promises.stat(filePath).catch(() => null);
    if (!stat) throw new NotFound('Data export file');
    return { filePath, size: stat.size, filename: `data-export-${row.created_at.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.zip` };
  }

  /** The job's work; a finished request is left alone, a crashed run starts over. */
  async run(requestId: string): Promise<Record<string, unknown>> {
    const { knex, config } = this.platform;
    const claimed = await DataExportRequest.query(knex).findById(requestId).whereIn('status', ['queued', 'running']).patch({ status: 'running', started_at: new Date() }).returning('*');
    const row = (Array.isArray(claimed) ? claimed[0] : claimed) as DataExportRequest | undefined;
    if (!row) return { request_id: requestId, skipped: true };
    const user = await User.query(knex).findById(row.user_id);
    if (!user) return { request_id: requestId, skipped: true };
    const teamIds = (await knex('team_members').where({ user_id: user.id }).pluck('team_id')) as number[];
    const relative = `exports/${row.id}.zip`;
    // written aside and renamed into place: two runs of one request (a lapsed job lock) never interleave one file
    const partial = this.absolute(`exports/.partial-${row.id}-${crypto.randomBytes(6).toString('hex')}.zip`);
    try {
      const result = await writeExportArchive(partial, config.mediaRoot, { db: knex, config, subject: { userId: user.id, email: user.email, teamIds } }, EXPORT_COLLECTORS);
      await fs.promises.rename(partial, this.absolute(relative));
      const expiresAt = new Date(Date.now() + config.dataProtection.exportTtlHours * 3_600_000);
      const emailId = await knex.transaction(async (trx) => {
        // the first run to finish completes the request and mails; a second one finds it completed
        const n = await DataExportRequest.query(trx).findById(row.id).where({ status: 'running' }).patch({ status: 'completed', file_path: relative, size: result.size, sections: result.sections, completed_at: new Date(), expires_at: expiresAt, error: null });
        if (!n) return null;
        await this.deps.audit.record(trx, { actorId: null }, { action: 'data_export.complete', entityType: 'data_export_request', entityId: row.id, changes: { status: 'completed', size: result.size } });
        return this.deps.mail.queue(trx, user.email, 'data_export_ready', exportReadyMail(user.first_name, this.downloadUrl(row.id), config.dataProtection.exportTtlHours));
      });
      if (emailId !== null) await this.deps.mail.dispatch([emailId], user.id);
      return { request_id: row.id, status: 'completed', size: result.size };
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      await knex.transaction(async (trx) => {
        const n = await DataExportRequest.query(trx).findById(row.id).where({ status: 'running' }).patch({ status: 'failed', error: String((err as Error).message).slice(0, 500), completed_at: new Date() });
        if (n) await this.deps.audit.record(trx, { actorId: null }, { action: 'data_export.fail', entityType: 'data_export_request', entityId: row.id, changes: { status: 'failed' } });
      });
      throw err;
    }
  }

  /** Requests still queued after a while lost their job (Redis was down): enqueued again (same job id). */
  async requeueStale(olderThanMs = 5 * 60_000): Promise<number> {
    const stale = await DataExportRequest.query(this.platform.knex).where({ status: 'queued' }).where('created_at', '<', new Date(Date.now() - olderThanMs));
    for (const row of stale) await this.platform.producer.enqueue('maintenance.data-export', { actor_id: row.user_id, request_id: row.id });
    return stale.length;
  }

  /** Deletes the archives of expired exports; returns how many. */
  async expireDue(now = new Date()): Promise<number> {
    const { knex } = this.platform;
    const due = await DataExportRequest.query(knex).where({ status: 'completed' }).where('expires_at', '<=', now);
    for (const row of due) {
      if (row.file_path) await fs.promises.rm(this.absolute(row.file_path), { force: true });
      await knex.transaction(async (trx) => {
        await DataExportRequest.query(trx).findById(row.id).patch({ status: 'expired', file_path: null });
        await this.deps.audit.record(trx, { actorId: null }, { action: 'data_export.expire', entityType: 'data_export_request', entityId: row.id, changes: { status: 'expired' } });
      });
    }
    return due.length;
  }

  private async visible(actor: Actor, id: string): Promise<DataExportRequest> {
    if (!UUID.test(id)) throw new NotFound('Data export request');
    const q = DataExportRequest.query(this.platform.knex).findById(id);
    if (!actor.isStaff) q.where({ user_id: actor.userId });
    const row = await q;
    if (!row) throw new NotFound('Data export request');
    return row;
  }

  private absolute(relative: string): string {
    return path.join(this.platform.config.mediaRoot, relative);
  }

  private downloadUrl(id: string): string {
    return this.platform.links.dataExportDownload(id);
  }

  private out(r: DataExportRequest): Record<string, unknown> {
    const ready = r.status === 'completed' && !!r.expires_at && r.expires_at > new Date();
    return {
      id: r.id, user_id: r.user_id, status: ready || r.status !== 'completed' ? r.status : 'expired', format: r.format,
      size: r.size == null ? null : Number(r.size), sections: r.sections ?? {}, error: r.error ?? null,
      created_at: iso(r.created_at), started_at: iso(r.started_at), completed_at: iso(r.completed_at), expires_at: iso(r.expires_at),
      download_url: ready ? this.downloadUrl(r.id) : null,
    };
  }
}
