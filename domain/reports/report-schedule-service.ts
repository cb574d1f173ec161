// Report schedules: a report kind, format and filters generated daily, weekly or
// monthly at a time of day in the owner's time zone, each run e-mailed to the
// schedule's creator. Each schedule is one BullMQ job scheduler
// (`report-schedule-<id>`, a cron pattern with its time zone) firing
// `reports.run-schedule`; saving a schedule upserts it after commit, deleting removes
// it, and a starting reports worker re-registers them all (a scheduler lost while
// Redis was away comes back).
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import { recordAudit, type AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import { ScopedCollection, iso, scopeOut, type CollectionDef, type WriteContext } from '../shared/scoped-collection.js';

import { afterCommit } from '../inventory/stock-ledger.js';
import { pgError } from '../../db/errors.js';
import { Profile, Report, ReportSchedule, User } from '../../db/models/index.js';
import { jobCatalog } from '../../jobs/catalog.js';
import { normaliseFilters, REPORT_FORMATS, REPORT_KINDS, type ReportFormat, type ReportKind } from './report-kinds.js';
import { UnrecoverableError } from 'bullmq';
import { scopeOfRow, type ReportService, type RunHooks } from './report-service.js';
import { scheduledReportMail } from './report-mail.js';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export const schedulerIdOf = (scheduleId: number) => `report-schedule-${scheduleId}`;

/** The cron pattern of a schedule (minute hour day-of-month month day-of-week), read in its time zone. */
export function cronPattern(s: { frequency: string; time_of_day: string; day_of_week: number | null; day_of_month: number | null }): string {
  const [h, m] = s.time_of_day.split(':').map(Number);
  if (s.frequency === 'weekly') return `${m} ${h} * * ${s.day_of_week ?? 1}`;
  if (s.frequency === 'monthly') return `${m} ${h} ${s.day_of_month ?? 1} * *`;
  return `${m} ${h} * * *`;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function scheduleDef(reports: () => ReportService): CollectionDef<Record<string, unknown>> {
  return {
    model: ReportSchedule,
    alias: 'rs',
    what: 'Report schedule',
    entity: 'report_schedule',
    list: {
      filters: {
        kind: { column: 'rs.kind', schema: Joi.string().valid(...REPORT_KINDS) },
        frequency: { column: 'rs.frequency', schema: Joi.string().valid(...FREQUENCIES) },
        is_active: { column: 'rs.is_active', schema: Joi.boolean() },
      },
      search: ['rs.name'],
      ordering: { name: 'rs.name', created_at: 'rs.created_at', id: 'rs.id' },
      defaultOrdering: '-created_at',
      tiebreak: 'rs.id',
    },
    select: (db) => ReportSchedule.query(db).alias('rs').select('rs.*'),
    toOut: (r) => ({
      id: r.id, name: r.name, kind: r.kind, format: r.format, filters: r.filters ?? {}, frequency: r.frequency, time_of_day: r.time_of_day,
      day_of_week: r.day_of_week ?? null, day_of_month: r.day_of_month ?? null, time_zone: r.time_zone, email: r.email, is_active: r.is_active,
      cron: cronPattern(r as never), last_run_at: iso(r.last_run_at), last_report_id: r.last_report_id ?? null, ...scopeOut(r),
    }),
    writable: ['name', 'kind', 'format', 'frequency', 'time_of_day', 'day_of_week', 'day_of_month', 'time_zone', 'is_active'],
    prepare: (ctx) => prepareSchedule(ctx, reports()),
  };
}

/** Defaults from the creator (time zone of the profile, e-mail of the account) and the filters checked like a report request's. */
async function prepareSchedule({ trx, actor, body, before }: WriteContext, reports: ReportService): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const kind = (body.kind ?? before?.kind) as ReportKind;
  if (body.filters !== undefined || body.kind !== undefined) {
    const raw = (body.filters ?? before?.filters ?? {}) as Record<string, unknown>;
    const checked = (await reports.checkFilters(trx, actor.scope, kind, raw)) as Record<string, unknown>;
    // a period left open stays relative: each run covers the 30 days before it
    for (const k of ['period_start', 'period_end']) if (raw[k] === undefined) delete checked[k];
    out.filters = JSON.stringify(checked);
  }
  if (!before) {
    const profile = await Profile.query(trx).findById(actor.userId).select('timezone');
    const user = await User.query(trx).findById(actor.userId).select('email');
    if (body.time_zone === undefined) out.time_zone = profile?.timezone || 'UTC';
    out.email = user!.email;
  }
  const frequency = body.frequency ?? before?.frequency;
  if (frequency === 'weekly' && body.day_of_week === undefined && before?.day_of_week == null) out.day_of_week = 1;
  if (frequency === 'monthly' && body.day_of_month === undefined && before?.day_of_month == null) out.day_of_month = 1;
  return out;
}

export class ReportScheduleService extends ScopedCollection<Record<string, unknown>> {
  static readonly listSpec = scheduleDef(() => undefined as never).list;

  constructor(
    platform: Platform,
    audit: AuditService,
    private readonly reports: ReportService,
    private readonly mail: MailService,
  ) {
    super(platform, audit, {
      ...scheduleDef(() => reports),
      afterWrite: async ({ trx, after }) => afterCommit(trx, () => this.register(after as ReportSchedule)),
      afterDelete: async (row) => this.unregister(row.id),
    });
  }

  /** Upserts (or, when inactive, removes) the schedule's BullMQ job scheduler. */
  async register(s: ReportSchedule): Promise<void> {
    try {
      if (!s.is_active) return await this.unregister(s.id);
      await this.platform.producer.queue('reports').upsertJobScheduler(
        schedulerIdOf(s.id),
        { pattern: cronPattern(s), tz: s.time_zone },
        { name: 'reports.run-schedule', data: { actor_id: null, schedule_id: s.id }, opts: { ...jobCatalog['reports.run-schedule'].options } },
      );
    } catch (err) {
      this.platform.log.warn({ err, schedule_id: s.id }, 'report scheduler not registered; a starting reports worker registers it');
    }
  }

  async unregister(scheduleId: number): Promise<void> {
    await this.platform.producer.queue('reports').removeJobScheduler(schedulerIdOf(scheduleId)).catch((err) => this.platform.log.warn({ err, schedule_id: scheduleId }, 'report scheduler not removed; its run finds no schedule and does nothing'));
  }

  /** Every active schedule gets its scheduler (worker start-up). */
  async syncSchedulers(): Promise<number> {
    const rows = await ReportSchedule.query(this.platform.knex).where({ is_active: true }).select('*');
    for (const s of rows) await this.register(s);
    return rows.length;
  }

  /**
   * One run: the report of this run (made once per run key), generated (a second run
   * of the same key waits for the first: see ReportService.generate), then e-mailed
   * once — the report's mailed_at, set in the same transaction as the mail outbox row,
   * and the outbox row's unique key (schedule and report) say whether it was.
   */
  async run(scheduleId: number, runKey: string, hooks: RunHooks = {}): Promise<{ schedule_id: number; report_id: number | null; mailed: boolean }> {
    const knex = this.platform.knex;
    const s = await ReportSchedule.query(knex).findById(scheduleId);
    if (!s || !s.is_active) return { schedule_id: scheduleId, report_id: null, mailed: false };
    const scope = scopeOfRow(s);
    const key = runKey.slice(0, 120);
    let report: Report;
    try {
      const { value: filters, error } = normaliseFilters(s.kind as ReportKind, s.filters);
      if (error) throw new UnrecoverableError(`invalid_filters: ${error}`);
      report = await knex.transaction(async (trx) => {
        const row = await this.reports.insert(trx, scope, s.created_by, { kind: s.kind as ReportKind, format: s.format as ReportFormat, filters: filters!, title: s.name || undefined, scheduleId: s.id, runKey: key });
        await recordAudit(trx, { actorId: null, scope: { type: scope.type, teamId: scope.teamId } }, { action: 'report.create', entityType: 'report', entityId: row.id, summary: `schedule #${s.id} run: report #${row.id}`, changes: { kind: s.kind, format: s.format, schedule_id: s.id } });
        return row;
      });
    } catch (err) {
      if (pgError(err).code !== '23505') throw err;
      report = (await Report.query(knex).where({ schedule_id: s.id, run_key: key }).first())!;
    }
    const done = await this.reports.generate(report.id, hooks);
    const emailId = await knex.transaction(async (trx) => {
      const locked = await ReportSchedule.query(trx).findById(s.id).forUpdate();
      const fresh = await Report.query(trx).findById(report.id).forUpdate();
      if (!locked || !fresh || fresh.status !== 'completed' || fresh.mailed_at) return null;
      const content = scheduledReportMail({
        title: fresh.title, scheduleName: s.name, rowCount: fresh.row_count ?? 0, expiresAt: iso(fresh.expires_at) ?? '',
        url: this.platform.links.reportDownload(fresh.id),
      });
      const mailId = await this.mail.queueOnce(trx, `report-schedule:${s.id}:report:${fresh.id}`, locked.email, 'scheduled_report', content);
      await Report.query(trx).findById(fresh.id).patch({ mailed_at: new Date() } as never);
      await ReportSchedule.query(trx).findById(s.id).patch({ last_report_id: fresh.id, last_run_at: new Date(), updated_at: new Date() });
      await recordAudit(trx, { actorId: null, scope: { type: scope.type, teamId: scope.teamId } }, { action: 'report_schedule.mail', entityType: 'report_schedule', entityId: s.id, summary: `schedule #${s.id} mailed report #${fresh.id}`, changes: { report_id: fresh.id, queued: mailId !== null } });
      return mailId;
    });
    if (emailId) await this.mail.dispatch([emailId], null);
    return { schedule_id: s.id, report_id: done.report_id, mailed: emailId !== null };
  }
}

