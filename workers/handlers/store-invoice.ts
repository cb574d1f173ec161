import type { Handler } from '../registry.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import { BULK_STORE_STATUS } from '../../jobs/invoice-store-result.js';
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
    return withHttpStatus(await imports.runAttempt(job.data.attempt_id, { beforeCommit: ctx.hooks?.bulkStoreBeforeCommit }));
  } catch (err) {
    if (err instanceof DomainError && err.status < 500) return withHttpStatus(await imports.recordRefusal(job.data.attempt_id, err));
    throw err;
  }
};

/** The job result the API documents: the attempt's outcome and the status the bulk-store call answers with. */
const withHttpStatus = (o: AttemptOutcome) => ({ attempt_id: o.attempt_id, status: o.status, http_status: BULK_STORE_STATUS[o.status], session_id: o.session_id });
