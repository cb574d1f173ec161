// Cancels at the processor one subscription an erasure ended on our side (domain/billing/processor-cancellations.ts).
import type { Handler } from '../registry.js';

export const billingCancelAtProcessor: Handler<'billing.cancel-at-processor'> = async (job, { services }) => services.billing.cancellations.run(job.data.subscription_id, job.attemptsMade);
