// Re-pulls one applicant's authoritative review (after a webhook, or from the sweeper).
// Webhooks for one applicant coalesce (catalog: deduplication keepLastIfActive). A
// provider outage is retried with backoff; a refusal that retrying cannot fix, or a
// deleted applicant (terminal), ends the job.
import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { kycServicesOf } from '../../kyc/services/index.js';
import { ProviderError } from '../../kyc/providers/types.js';

export const repullApplicant: Handler<'kyc.repull-applicant'> = async (job, { platform }) => {
  const kyc = kycServicesOf(platform);
  const row = await kyc.sync.load(job.data.applicant_id);
  if (!row) return { applicant_id: job.data.applicant_id, skipped: 'unknown applicant' };
  try {
    const result = await kyc.sync.repull(row.id, job.data.reason.startsWith('webhook') ? 'webhook' : job.data.reason, { deliverInline: true });
    return { applicant_id: row.id, status: result.applicant.status, version: result.applicant.version, changed: result.changed, deleted: result.deleted };
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable) throw new UnrecoverableError(`provider_refused: ${err.message}`);
    throw err;
  }
};
