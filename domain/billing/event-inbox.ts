// Group commit of webhook events. Each delivery waits until its event is committed
// (with its audit entry) before it is answered, but deliveries that arrive while a
// write is under way share the next one: one statement and one commit for the batch
// (event-inbox-sql.ts). Once committed the deliveries are answered, and one Redis round
// trip enqueues the apply jobs of the rows not yet applied (the write holds its slot
// until then, so enqueues cannot pile up). Alone, a delivery is written at once (no
// waiting for company).
//
// Guarantees kept per event: committed before its answer (synchronous commit, the
// normal pool); recorded once (the unique key; the same id twice in a batch is written
// once and the second answered as a duplicate); an event the batch cannot store (a
// value PostgreSQL refuses) fails alone: the batch is written again one event at a
// time, and that event answers 400 invalid_event. An enqueue that fails (or a process
// that dies between the answer and the enqueue) leaves the row unapplied for the next
// delivery of the event or the billing sweep (rows unapplied for over a minute).
import type { Platform } from '../../db/platform.js';
import { pgError } from '../../db/errors.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import { recordedEvents, recordEvents, type EventRow, type RecordedRow } from './event-inbox-sql.js';

export interface Recorded {
  id: string;
  duplicate: boolean;
}

interface Pending {
  row: EventRow;
  requestId: string | undefined;
  resolve(r: Recorded): void;
  reject(err: unknown): void;
}

type Enqueue = (rows: { id: string; requestId: string | undefined }[]) => Promise<void>;

/** batch size limit: a statement of at most this many events */
const MAX_BATCH = 250;
/** writes under way at once (each: the statement, then the jobs' enqueue); later deliveries gather for the next */
const MAX_IN_FLIGHT = 4;

export class BillingEventInbox {
  private pending: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly platform: Platform,
    private readonly enqueue: Enqueue,
  ) {}

  /** Resolves once the event is committed; its apply job is enqueued right after (unless it was applied before). */
  record(row: EventRow, requestId: string | undefined): Promise<Recorded> {
    return new Promise<Recorded>((resolve, reject) => {
      this.pending.push({ row, requestId, resolve, reject });
      this.schedule();
    });
  }

  /** Starts a write on the next turn of the event loop, so the deliveries read meanwhile join it. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.pending.splice(0, MAX_BATCH);
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async write(batch: Pending[]): Promise<void> {
    // the first of each processor + event id is written; a repeat in the same batch is its duplicate
    const firsts = new Map<string, Pending>();
    const repeats: [Pending, Pending][] = [];
    for (const p of batch) {
      const key = `${p.row.processor}\u0000${p.row.event_id}`;
      const first = firsts.get(key);
      if (first) repeats.push([p, first]);
      else firsts.set(key, p);
    }
    const unique = [...firsts.values()];
    let results: (RecordedRow | Error)[];
    try {
      results = await this.store(unique);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    // committed: the deliveries are answered now; their jobs are added before this write's slot is freed
    const outcome = new Map<Pending, RecordedRow | Error>(unique.map((p, i) => [p, results[i]]));
    for (const [p, r] of outcome) {
      if (r instanceof Error) p.reject(r);
      else p.resolve({ id: r.id!, duplicate: r.duplicate });
    }
    for (const [p, first] of repeats) {
      const r = outcome.get(first)!;
      if (r instanceof Error) p.reject(r);
      else p.resolve({ id: r.id!, duplicate: true });
    }
    const toApply = unique.flatMap((p, i) => (results[i] instanceof Error || (results[i] as RecordedRow).applied ? [] : [{ id: (results[i] as RecordedRow).id!, requestId: p.requestId }]));
    await this.enqueue(toApply).catch((err) => this.platform.log.warn({ err }, 'billing events recorded but not enqueued; the billing sweep retries'));
  }

  /** The batch in one statement; if PostgreSQL refuses a value, one statement per event so only that one fails. */
  private async store(rows: Pending[]): Promise<(RecordedRow | Error)[]> {
    const { knex } = this.platform;
    let results: (RecordedRow | Error)[];
    try {
      results = await recordEvents(knex, rows.map((p) => p.row));
    } catch (err) {
      if (!refusedValue(err) || rows.length === 1) throw refusedValue(err) ? invalidEvent() : err;
      results = [];
      for (const p of rows) results.push(await recordEvents(knex, [p.row]).then((r) => r[0], (e) => (refusedValue(e) ? invalidEvent() : Promise.reject(e))));
    }
    // a duplicate whose first delivery committed after this statement began: read it now
    const unseen = rows.filter((_, i) => !(results[i] instanceof Error) && (results[i] as RecordedRow).id === null);
    if (unseen.length) {
      const found = await recordedEvents(knex, unseen[0].row.processor, unseen.map((p) => p.row.event_id));
      rows.forEach((p, i) => {
        const r = results[i];
        if (r instanceof Error || r.id !== null) return;
        const f = found.get(p.row.event_id);
        results[i] = f ? { id: f.id, duplicate: true, applied: f.applied } : new Error(`billing event ${p.row.event_id} neither inserted nor found`);
      });
    }
    return results;
  }
}

/** SQLSTATE class 22 (data exception: a timestamp out of range, a \u0000 in JSON text, a too long value) */
const refusedValue = (err: unknown) => (pgError(err).code ?? '').startsWith('22');
const invalidEvent = () => new Invalid('The webhook event holds a value that cannot be stored (a time out of range, a NUL character or a value too long).', [], 'invalid_event');
