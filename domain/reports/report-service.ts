// Size: a report's whole life (request, generate, read, download) in one service; its SQL, writers and kinds already live in report-*.ts.
// Reports: requested over HTTP (a queued row and a `reports.generate` job), generated
// by the worker (summary and chart by SQL aggregates, detail rows streamed from a
// cursor into the file), read and downloaded in the scope that asked for them. The
// file lives under MEDIA_ROOT/reports/ — a folder no public route serves — for
// REPORT_RETENTION_DAYS; progress goes to the requester over /ws/notifications/.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Actor } from '../shared/actor.js';
import type { Scope } from '../shared/scope.js';
import type { LimitRule, RateLimits } from '../shared/rate-limits.js';
import { iso } from '../shared/scoped-collection.js';
import { applyListParams, id, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { auditCtx, findInScope, inScope, requireInScope, scopeFill, type Db } from '../shared/scoped-rows.js';
import { Conflict, DomainError, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { Inventory, Product, Report, Team, User } from '../../db/models/index.js';
import Joi from 'joi';
import {
  COLUMNS, describeFilters, normaliseFilters, REPORT_FORMATS, REPORT_KINDS, REPORT_RETENTION_DAYS, REPORT_STATUSES, TITLES,
  type ReportFilters, type ReportFormat, type ReportKind,
} from './report-kinds.js';
import { reportChart, reportRows, reportSummary } from './report-sql.js';
import { PDF_MAX_ROWS, writeCsv, writePdf } from './report-writers.js';

export interface ReportRequest {
  kind: ReportKind;
  format: ReportFormat;
  filters?: Record<string, unknown>;
  title?: string;
}

export const reportListSpec: ListSpec = {
  filters: {
    kind: { column: 'r.kind', schema: Joi.string().valid(...REPORT_KINDS) },
    format: { column: 'r.format', schema: Joi.string().valid(...REPORT_FORMATS) },
    status: { column: 'r.status', schema: Joi.string().valid(...REPORT_STATUSES) },
    schedule_id: { column: 'r.schedule_id', schema: id },
  },
  search: ['r.title'],
  ordering: { created_at: 'r.created_at', id: 'r.id', kind: 'r.kind', status: 'r.status' },
  defaultOrdering: '-created_at',
  tiebreak: 'r.id',
};

/** How a report run keeps its job alive while it waits or renders (the worker passes its BullMQ lock's renewal). */
export interface RunHooks {
  extendLock?: () => Promise<unknown>;
}

export interface GenerateOutcome {
  report_id: number;
  status: string;
  row_count: number | null;
  /** another run held the report: this is its outcome, this run wrote nothing */
  superseded?: boolean;
}

interface Claim {
  token: string;
  /** set by the heartbeat once another run holds the report */
  lost: boolean;
}

/** how often a second run looks whether the holder is done */
const CLAIM_POLL_MS = 500;
/** rows the cursor fetches per round trip */
const STREAM_BATCH = 2000;

const leaseEnd = (knex: Knex, ms: number) => knex.raw("now() + ? * interval '1 millisecond'", [ms]);

const HOUR = 3600;

const CONTENT_TYPES: Record<ReportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** The scope a stored row belongs to, as the ledger and the SQL expect it. */
export function scopeOfRow(row: { owner_id: string | null; team_id: number | null; created_by: string | null }): Scope {
  return row.team_id != null
    ? { type: 'team', userId: row.created_by ?? '', teamId: row.team_id, role: null }
    : { type: 'self', userId: row.owner_id!, teamId: null, role: null };
}

export class ReportService {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
    private readonly limits: RateLimits,
  ) {}

  /** REPORTS_PER_HOUR requests per user (in every scope) and hour: one user cannot flood the `reports` queue. */
  private get budget(): LimitRule {
    const per = this.platform.config.reports.perHour;
    return { name: 'reports-requested', points: per, durationSeconds: HOUR, message: `At most ${per} reports an hour; download the ones already generated or try again later.` };
  }

  /**
   * Checks the request, spends one of the user's REPORTS_PER_HOUR (429 `rate_limited`
   * beyond it, before anything is stored), stores the queued report and enqueues its
   * generation (the row is the answer).
   */
  async request(actor: Actor, input: ReportRequest): Promise<Record<string, unknown>> {
    const filters = await this.checkFilters(this.platform.knex, actor.scope, input.kind, input.filters);
    await this.limits.consume(this.budget, actor.scope.userId);
    const report = await this.platform.knex.transaction(async (trx) => {
      const row = await this.insert(trx, actor.scope, actor.userId, { kind: input.kind, format: input.format, filters, title: input.title });
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'report.create', entityType: 'report', entityId: row.id, summary: `requested ${input.format} report ${row.title} (#${row.id})`, changes: { kind: input.kind, format: input.format, filters },
      });
      return row;
    });
    try {
      await this.platform.producer.enqueue('reports.generate', { actor_id: actor.userId, report_id: report.id }, { requestId: actor.requestId });
    } catch (err) {
      await this.platform.knex.transaction(async (trx) => {
        await Report.query(trx).where({ id: report.id }).patch({ status: 'failed', error: 'queue_unavailable: the report could not be queued', updated_at: new Date() });
        await this.audit.record(trx, auditCtx(actor.scope, actor.userId), { action: 'report.fail', entityType: 'report', entityId: report.id, summary: `report #${report.id} could not be queued`, changes: { status: 'failed' } });
      });
      throw err;
    }
    return this.toOut(report);
  }

  /** A queued report row (also used by schedules, with their run key). */
  async insert(db: Db, scope: Scope, actorId: string | null, r: { kind: ReportKind; format: ReportFormat; filters: ReportFilters; title?: string; scheduleId?: number; runKey?: string }): Promise<Report> {
    return Report.query(db).insert({
      kind: r.kind, format: r.format, filters: r.filters as never, title: (r.title?.trim() || TITLES[r.kind]).slice(0, 200), status: 'queued', progress: 0,
      schedule_id: r.scheduleId ?? null, run_key: r.runKey ?? null, ...scopeFill(scope, actorId),
    }).returning('*');
  }

  /** Validates a kind's filters and that the ids they name are in the scope (404 otherwise, like every other id). */
  async checkFilters(db: Db, scope: Scope, kind: ReportKind, raw: unknown): Promise<ReportFilters> {
    const { value, error } = normaliseFilters(kind, raw);
    if (error) throw Invalid.field('filters', error);
    const f = value!;
    await requireInScope(db, scope, [
      { field: 'filters.inventory_id', model: Inventory, what: 'Inventory', id: f.inventory_id },
      { field: 'filters.product_id', model: Product, what: 'Product', id: f.product_id },
    ].filter((r) => r.id !== undefined));
    return f;
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    const q = applyListParams(inScope(Report.query(this.platform.knex).alias('r'), actor.scope, { table: 'r' }).select('r.*'), reportListSpec, params);
    return paginate(at, q, params, (row) => this.toOut(row));
  }

  async get(actor: Actor, reportId: number): Promise<Record<string, unknown>> {
    return this.toOut(await findInScope<Report>(this.platform.knex, Report, reportId, actor.scope, 'Report'));
  }

  /** The file of a completed report of the scope, opened for streaming. */
  async download(actor: Actor, reportId: number): Promise<{ stream: fs.ReadStream; contentType: string; fileName: string; size: number }> {
    const row = await findInScope<Report>(this.platform.knex, Report, reportId, actor.scope, 'Report');
    if (row.status !== 'completed' || !row.file_path) throw new Conflict(`The report is ${row.status}; download it once it is completed.`, 'report_not_ready', { status: row.status, progress: row.progress });
    if (row.expires_at && new Date(row.expires_at) <= new Date()) throw new DomainError('gone', 'report_expired', `The report's file was kept until ${iso(row.expires_at)}; generate it again.`);
    const file = this.absolute(row.file_path);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat) throw new DomainError('gone', 'report_expired', 'The report\'s file is no longer kept; generate it again.');
    return { stream: fs.createReadStream(file), contentType: CONTENT_TYPES[row.format as ReportFormat], fileName: `${row.kind}-${row.id}.${row.format}`, size: stat.size };
  }

  /**
   * The worker's part: generates the report's file once. A run first claims the row
   * (status `running`, its own `run_token`, a lease in `claimed_until` renewed by a
   * heartbeat); a second run of the same report — a job whose BullMQ lock lapsed under
   * load and was handed to another worker, a schedule retried — waits for the holder
   * and answers with its outcome, or takes over once the holder's lease has lapsed (it
   * died). Only the holder's writes land (each is conditional on its token); the file
   * is written under a temporary name and renamed into place, so a report has one
   * file and nobody reads half of one. A completed report is left alone; a failed one
   * is claimed again by the retry.
   */
  async generate(reportId: number, hooks: RunHooks = {}): Promise<GenerateOutcome> {
    const knex = this.platform.knex;
    const leaseMs = this.platform.config.reportLockMs;
    let waited = false;
    for (;;) {
      const row = await Report.query(knex).findById(reportId);
      if (!row) return { report_id: reportId, status: 'missing', row_count: null };
      if (row.status === 'completed') return { report_id: row.id, status: row.status, row_count: row.row_count, ...(waited ? { superseded: true } : {}) };
      const token = crypto.randomUUID();
      const claimed = await this.claim(reportId, token, leaseMs);
      if (claimed) return this.runClaimed(claimed, token, leaseMs, hooks);
      waited = true;
      // another run holds it: wait for its outcome (or for its lease to lapse), keeping our own job's lock
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      await hooks.extendLock?.().catch(() => undefined);
    }
  }

  /** Takes the report for this run when nobody holds it (queued, failed, or running under a lapsed lease). */
  private async claim(reportId: number, token: string, leaseMs: number): Promise<Report | null> {
    const knex = this.platform.knex;
    const [row] = (await Report.query(knex)
      .where({ id: reportId })
      .where((q) => q.whereIn('status', ['queued', 'failed']).orWhere((r) => r.where('status', 'running').where((l) => l.whereNull('claimed_until').orWhere('claimed_until', '<', knex.fn.now()))))
      .patch({ status: 'running', run_token: token, claimed_until: leaseEnd(knex, leaseMs), progress: 0, started_at: new Date(), error: null, updated_at: new Date() } as never)
      .returning('*')) as unknown as Report[];
    return row ?? null;
  }

  /** Renews the claim; false once another run holds the report (this run then stops writing). */
  private async renew(reportId: number, token: string, leaseMs: number): Promise<boolean> {
    const n = await Report.query(this.platform.knex).where({ id: reportId, run_token: token, status: 'running' }).patch({ claimed_until: leaseEnd(this.platform.knex, leaseMs) } as never);
    return n > 0;
  }

  private async runClaimed(row: Report, token: string, leaseMs: number, hooks: RunHooks): Promise<GenerateOutcome> {
    const knex = this.platform.knex;
    const claim = { token, lost: false };
    const heartbeat = setInterval(() => {
      void this.renew(row.id, token, leaseMs).then((held) => (claim.lost ||= !held), () => undefined);
      void hooks.extendLock?.().catch(() => undefined);
    }, Math.max(250, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const ctx = { actorId: null, scope: { type: row.team_id != null ? ('team' as const) : ('self' as const), teamId: row.team_id } };
    try {
      await this.pushProgress(row, 'running', 0);
      let done: Awaited<ReturnType<ReportService['render']>>;
      try {
        done = await this.render(row, claim);
      } catch (err) {
        const failed = await knex.transaction(async (trx) => {
          const n = await Report.query(trx).where({ id: row.id, run_token: token }).patch({ status: 'failed', error: String((err as Error).message).slice(0, 500), finished_at: new Date(), claimed_until: null, updated_at: new Date() } as never);
          if (n) await this.audit.record(trx, ctx, { action: 'report.fail', entityType: 'report', entityId: row.id, summary: `report #${row.id} failed`, changes: { status: 'failed' } });
          return n > 0;
        });
        // another run took the report over: its outcome stands, this one leaves quietly
        if (!failed) return this.outcomeOf(row.id);
        await this.pushProgress(row, 'failed', row.progress);
        throw err;
      }
      const landed = await knex.transaction(async (trx) => {
        const n = await Report.query(trx)
          .where({ id: row.id, run_token: token, status: 'running' })
          .patch({ status: 'completed', progress: 100, ...done, finished_at: new Date(), expires_at: new Date(Date.now() + REPORT_RETENTION_DAYS * 86_400_000), claimed_until: null, updated_at: new Date() } as never);
        if (n) await this.audit.record(trx, ctx, { action: 'report.complete', entityType: 'report', entityId: row.id, summary: `report #${row.id} generated`, changes: { status: 'completed', row_count: done.row_count, file_size: done.file_size } });
        return n > 0;
      });
      if (!landed) {
        await fsp.rm(this.absolute(done.file_path), { force: true });
        return this.outcomeOf(row.id);
      }
      await this.removeLeftovers(row.id, done.file_path);
      await this.pushProgress(row, 'completed', 100);
      return { report_id: row.id, status: 'completed', row_count: done.row_count };
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * What a run that died (kill -9, a lost machine) left of this report: its half-written
   * `.partial-` file, or its whole file renamed just before the crash, never recorded.
   * The run that landed removes them; a live run that lost its claim stops at its next write.
   */
  private async removeLeftovers(reportId: number, kept: string): Promise<void> {
    const dir = this.absolute('reports');
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const stray = names.filter((n) => (n.startsWith(`${reportId}-`) || n.startsWith(`.partial-${reportId}-`)) && n !== path.basename(kept));
    await Promise.all(stray.map((n) => fsp.rm(path.join(dir, n), { force: true })));
  }

  private async outcomeOf(reportId: number): Promise<GenerateOutcome> {
    const now = await Report.query(this.platform.knex).findById(reportId).select('id', 'status', 'row_count');
    return { report_id: reportId, status: now?.status ?? 'missing', row_count: now?.row_count ?? null, superseded: true };
  }

  private async render(row: Report, claim: Claim): Promise<{ row_count: number; summary: Record<string, unknown>; file_path: string; file_size: number }> {
    const knex = this.platform.knex;
    const kind = row.kind as ReportKind;
    const scope = scopeOfRow(row);
    const filters = row.filters as ReportFilters;
    const summary = await reportSummary(knex, kind, scope, filters);
    const runName = claim.token.replace(/-/g, '');
    const relative = `reports/${row.id}-${runName}.${row.format}`;
    // written aside and renamed into place: a reader (or a second run) never sees half a file
    const partial = this.absolute(`reports/.partial-${row.id}-${runName}.${row.format}`);
    const file = this.absolute(relative);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const rows = reportRows(knex, kind, scope, filters);
    // a PDF shows at most PDF_MAX_ROWS (the summary has the full count): the cursor stops there
    if (row.format === 'pdf') rows.limit(PDF_MAX_ROWS);
    const tick = this.progressCounter(row, claim, row.format === 'pdf' ? Math.min(summary.row_count, PDF_MAX_ROWS) : summary.row_count);
    const stream = rows.stream({ highWaterMark: STREAM_BATCH });
    try {
      if (row.format === 'csv') await writeCsv(partial, COLUMNS[kind], stream, tick);
      else {
        const chart = await reportChart(knex, kind, scope, filters);
        const header = { title: row.title, scope: await this.describeScope(row), filters: describeFilters(filters), generatedAt: new Date(), figures: figuresOf(summary) };
        await writePdf(partial, header, chart, COLUMNS[kind], stream, summary.row_count, tick);
      }
      if (claim.lost) throw new Error('claim_lost: another run took the report over');
      await fsp.rename(partial, file);
    } catch (err) {
      stream.destroy();
      await fsp.rm(partial, { force: true });
      throw err;
    }
    const { size } = await fsp.stat(file);
    const { row_count, ...figures } = summary;
    return { row_count, summary: figures, file_path: relative, file_size: size };
  }

  /**
   * Counts rows; every 5 % writes the progress and pushes it (not per row), while the run holds the report.
   * The write is not awaited, so it may reach the database after the completion: it only
   * touches a report that is still running under this run's token, never a finished one.
   */
  private progressCounter(row: Report, claim: Claim, total: number): () => void {
    let seen = 0;
    let reported = 0;
    return () => {
      if (claim.lost) throw new Error('claim_lost: another run took the report over');
      seen++;
      const pct = total > 0 ? Math.min(99, Math.floor((seen * 100) / total)) : 99;
      if (pct >= reported + 5) {
        reported = pct;
        void Report.query(this.platform.knex).where({ id: row.id, run_token: claim.token, status: 'running' }).patch({ progress: pct }).then(
          (n) => (n ? this.pushProgress(row, 'running', pct) : undefined),
          () => undefined,
        );
      }
    };
  }

  private async pushProgress(row: Report, status: string, progress: number): Promise<void> {
    if (!row.created_by) return;
    await this.platform.producer.publish({ kind: 'user.message', user_ids: [row.created_by], message: { type: 'report.progress', data: { report_id: row.id, kind: row.kind, status, progress } } })
      .catch((err) => this.platform.log.warn({ err, report_id: row.id }, 'report progress not pushed; clients can poll the report'));
  }

  private async describeScope(row: Report): Promise<string> {
    if (row.team_id != null) {
      const team = await Team.query(this.platform.knex).findById(row.team_id).select('name');
      return `team ${team?.name ?? `#${row.team_id}`}`;
    }
    const user = await User.query(this.platform.knex).findById(row.owner_id!).select('email');
    return `personal (${user?.email ?? row.owner_id})`;
  }

  absolute(relative: string): string {
    return path.join(this.platform.config.mediaRoot, relative);
  }

  /** Removes files past their time (maintenance); the records stay, without a file. */
  async removeExpiredFiles(trx: Knex = this.platform.knex): Promise<number> {
    const rows = await Report.query(trx).whereNotNull('file_path').where('expires_at', '<', new Date()).limit(500).select('id', 'file_path');
    for (const r of rows) {
      await fsp.rm(this.absolute(r.file_path!), { force: true });
      await trx.transaction(async (inner) => {
        await Report.query(inner).findById(r.id).patch({ file_path: null, updated_at: new Date() });
        await this.audit.record(inner, { actorId: null }, { action: 'report.expire', entityType: 'report', entityId: r.id, summary: `report #${r.id}: file removed after its retention`, changes: { file_path: null } });
      });
    }
    return rows.length;
  }

  toOut(r: Report | Record<string, any>): Record<string, unknown> {
    const downloadable = r.status === 'completed' && r.file_path && (!r.expires_at || new Date(r.expires_at) > new Date());
    return {
      id: r.id, kind: r.kind, format: r.format, title: r.title, status: r.status, progress: r.progress, filters: r.filters ?? {}, summary: r.summary ?? null,
      row_count: r.row_count ?? null, file_size: r.file_size == null ? null : Number(r.file_size), error: r.error ?? null, schedule_id: r.schedule_id ?? null,
      download_url: downloadable ? this.platform.links.reportDownload(r.id) : null,
      profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null, created_by: r.created_by ?? null,
      created_at: iso(r.created_at), started_at: iso(r.started_at), finished_at: iso(r.finished_at), expires_at: iso(r.expires_at),
    };
  }
}

const label = (k: string) => k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The summary as header lines of the PDF (nested lists become one line each). */
function figuresOf(summary: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(summary)) {
    if (Array.isArray(v)) for (const e of v as Record<string, unknown>[]) out.push([String(e.inventory ?? e.label ?? ''), `value ${e.value}, quantity ${e.quantity}`]);
    else out.push([label(k), String(v)]);
  }
  return out;
}
