// Applies one recorded payment-processor webhook event (domain/billing/event-applier.ts).
import type { Handler } from '../registry.js';

export const billingApplyEvent: Handler<'billing.apply-event'> = async (job, { services }) => services.billing.events.apply(job.data.event_row_id);
