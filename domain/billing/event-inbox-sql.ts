// The set-based statement that records webhook events (event-inbox.ts): several
// events in one INSERT … ON CONFLICT DO NOTHING, each new row's audit entry written by
// the same statement (a data-modifying CTE), so an event is recorded and audited in one
// round trip and one commit, or not at all. Rows come back in the order given.
//
// The audit entry is the one recordAudit would write for { actorId: null }: action
// billing_event.receive, its changes only processor, event_id and type (names the
// redaction patterns of audit-service.ts leave as they are).
import type { Knex } from 'knex';

export interface EventRow {
  processor: string;
  event_id: string;
  type: string;
  /** the processor's time of the event, unix seconds */
  created: number;
  /** the event as JSON text (stored as jsonb) */
  payload: string;
}

export interface RecordedRow {
  /** billing_events.id; null only when a concurrent delivery's row is not yet visible to this statement */
  id: string | null;
  duplicate: boolean;
  applied: boolean;
}

const RECORD_EVENTS = `
WITH incoming AS (
  SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::float8[], ?::text[]) WITH ORDINALITY AS i(processor, event_id, type, created, payload, n)
), ins AS (
  INSERT INTO billing_events (processor, event_id, type, event_created_at, payload)
  SELECT processor, event_id, type, to_timestamp(created), payload::jsonb FROM incoming ORDER BY n
  ON CONFLICT (processor, event_id) DO NOTHING
  RETURNING id, processor, event_id, type
), audit AS (
  INSERT INTO system_audit_logs (actor_id, profile_type, action, entity_type, entity_id, summary, changes)
  SELECT NULL, 'self', 'billing_event.receive', 'billing_event', ins.id::text, 'Processor event ' || ins.type || ' received',
         jsonb_build_object('processor', ins.processor, 'event_id', ins.event_id, 'type', ins.type)
  FROM ins ORDER BY ins.id
)
SELECT i.n, coalesce(ins.id, e.id)::text AS id, ins.id IS NULL AS duplicate, e.applied_at IS NOT NULL AS applied
FROM incoming i
LEFT JOIN ins ON ins.processor = i.processor AND ins.event_id = i.event_id
LEFT JOIN billing_events e ON ins.id IS NULL AND e.processor = i.processor AND e.event_id = i.event_id
ORDER BY i.n`;

/** Records `rows` (distinct processor + event id) in one statement; answers one RecordedRow per row, in order. */
export async function recordEvents(knex: Knex, rows: EventRow[]): Promise<RecordedRow[]> {
  const col = <K extends keyof EventRow>(k: K) => rows.map((r) => r[k]);
  const result = await knex.raw(RECORD_EVENTS, [col('processor'), col('event_id'), col('type'), col('created'), col('payload')]);
  return (result.rows as { id: string | null; duplicate: boolean; applied: boolean }[]).map((r) => ({ id: r.id, duplicate: r.duplicate, applied: r.applied }));
}

/** The rows of events already recorded (a duplicate whose first delivery committed after the statement above began). */
export async function recordedEvents(knex: Knex, processor: string, eventIds: string[]): Promise<Map<string, { id: string; applied: boolean }>> {
  const rows: { event_id: string; id: string; applied: boolean }[] = await knex('billing_events')
    .where('processor', processor)
    .whereIn('event_id', eventIds)
    .select('event_id', knex.raw('id::text AS id'), knex.raw('applied_at IS NOT NULL AS applied'));
  return new Map(rows.map((r) => [r.event_id, { id: r.id, applied: r.applied }]));
}
