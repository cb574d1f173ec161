// Delivers one signed kyc status callback. Retries follow the delivery's own schedule
// (capped exponential backoff with jitter, re-signed each time, for about a day): the
// job moves itself to delayed instead of failing, then the delivery ends delivered or
// dead. Idempotent: a delivery that is no longer pending is skipped.
import { DelayedError } from 'bullmq';
import type { Handler } from '../registry.js';
import { kycServicesOf } from '../../kyc/services/index.js';

export const deliverKycCallback: Handler<'kyc.deliver-callback'> = async (job, { platform, log }) => {
  const outcome = await kycServicesOf(platform).callbacks.deliver(job.data.delivery_id);
  if (outcome.state === 'retry') {
    log.info({ delivery_id: outcome.delivery_id, retry_in_ms: outcome.delayMs, error: outcome.error }, 'kyc callback failed; retrying later');
    await job.moveToDelayed(Date.now() + outcome.delayMs, job.token);
    throw new DelayedError();
  }
  return outcome;
};
