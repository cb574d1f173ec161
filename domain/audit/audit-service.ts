// The system audit log: who did what, when, in which scope, and what changed.
// Team-scope rows are what GET /api/teams/recent-activity/ shows.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import { AuditLog } from '../../db/models/index.js';

const AUDIT_TABLE = AuditLog.tableName;

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary?: string;
  changes?: Record<string, unknown>;
}

export interface AuditContext {
  actorId: string | null;
  scope?: Pick<Scope, 'type' | 'teamId'>;
  ip?: string | null;
}

export class AuditService {
  constructor(private readonly platform: Platform) {}

  async record(db: Knex | Knex.Transaction | null, ctx: AuditContext, entry: AuditEntry): Promise<void> {
    await recordAudit(db ?? this.platform.knex, ctx, entry);
  }
}

/**
 * Records one write, in the write's transaction. A service without an AuditService at
 * hand calls this directly (one line in its transaction). The table is append-only
 * (a trigger refuses UPDATE and DELETE; see the data_protection migration).
 */
export async function recordAudit(db: Knex | Knex.Transaction, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await recordAuditMany(db, ctx, [entry]);
}

/** Records several writes of one statement (a sweep, a set-based update) with one insert; an entry may name its own scope. */
export async function recordAuditMany(db: Knex | Knex.Transaction, ctx: AuditContext, entries: (AuditEntry & { scope?: AuditContext['scope'] })[]): Promise<void> {
  if (!entries.length) return;
  // a plain knex insert: every write pays for it, and the model's insert cost ~1.5–2× the CPU
  // (the values are built here from code constants and redacted changes; see AuditLog for the shape)
  await db(AUDIT_TABLE).insert(entries.map((entry) => auditRow(ctx, entry)));
}

/** The columns of one audit row, redacted; `changes` is JSON text. */
export interface AuditRow {
  actor_id: string | null;
  profile_type: string;
  team_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  changes: string;
  ip: string | null;
}

/**
 * The row recordAudit writes for an entry. A set-based statement that records its
 * audit entry itself, as one step of the statement (the stock ledger's movement,
 * stock-sql.ts), starts from this row so the redaction and the shape stay here.
 */
export function auditRow(ctx: AuditContext, entry: AuditEntry & { scope?: AuditContext['scope'] }): AuditRow {
  return {
    actor_id: ctx.actorId,
    profile_type: (entry.scope ?? ctx.scope)?.type ?? 'self',
    team_id: (entry.scope ?? ctx.scope)?.teamId ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    summary: (entry.summary ?? '').slice(0, 500),
    changes: JSON.stringify(withoutSecretsOrFreeText(entry.changes ?? {})),
    ip: ctx.ip ?? null,
  };
}

/** The audit log's table (for a statement that writes its row itself; see auditRow). */
export const AUDIT_LOG_TABLE = AUDIT_TABLE;

/** Fields whose values never enter the log: credentials, and free text a person may have written anything into. */
const SECRET_FIELD = /(password|secret|token|hash|otp|api_key|_enc$|sealed)/i;
const FREE_TEXT_FIELD = /^(description|notes?|bio|message|body|content|reason|resolution|comment|phone|text|draft|subject|other_ticket_type)$/i;
export const REDACTED = '[redacted]';

/** The field names stay (what changed is the point of the log); their values go when secret or free text. */
export function withoutSecretsOrFreeText(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    out[key] = SECRET_FIELD.test(key) || FREE_TEXT_FIELD.test(key) ? REDACTED : value;
  }
  return out;
}

/** Field-level difference between a row before and after a write, for the audit log. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at' || key === 'password_hash') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = { from: before[key] ?? null, to: after[key] };
  }
  return out;
}
