// A job's result as clients see it (GET /api/jobs/{id}/, the 202 poll, the
// `job.completed` push). Workers return the domain's outcome; what the HTTP contract
// adds to it is added here: an `invoice.store` result carries the status the
// bulk-store call answers with for its outcome (platform-api.md).
import type { AttemptResult } from '../../../domain/invoice-import/shapes.js';

/** The bulk store's answer status per attempt outcome: stored, aborted, already applied. */
export const BULK_STORE_STATUS: Record<AttemptResult, number> = { applied: 200, failed: 400, conflict: 409 };

interface StoreResult {
  attempt_id: number;
  status: AttemptResult;
  session_id: number;
}

export function jobResultOut(name: string, result: unknown): unknown {
  if (name !== 'invoice.store' || !result || typeof result !== 'object') return result;
  const { attempt_id, status, session_id } = result as StoreResult;
  return { attempt_id, status, http_status: BULK_STORE_STATUS[status], session_id };
}
