import type { Handler } from '../registry.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import type { AttemptOutcome } from '../../domain/invoice-import/apply-session.js';

/**
 * Applies one bulk-store attempt to its session, all or nothing (see
 * domain/invoice-import/apply-session.ts). A database outage or a killed
 * worker leaves the attempt queued and the job is retried; a refusal by the ledger
 * (e.g. a quantity over the maximum) is recorded as the session's failure.
 */
export const storeInvoice: Handler<'invoice.store'> = async (job, ctx) => {
  const imports = ctx.services.invoiceImport;
  try {
    return resultOf(await imports.runAttempt(job.data.attempt_id, { beforeCommit: ctx.hooks?.bulkStoreBeforeCommit }));
  } catch (err) {
    if (err instanceof DomainError && err.refusal) return resultOf(await imports.recordRefusal(job.data.attempt_id, err));
    throw err;
  }
};

/** The job result: the attempt's outcome (the edge adds the status the bulk-store call answers with, gateway/routes/jobs/job-result.ts). */
const resultOf = (o: AttemptOutcome) => ({ attempt_id: o.attempt_id, status: o.status, session_id: o.session_id });
