// Periodic: sandbox renewals and payment retries fall due; lost event jobs are re-enqueued.
import type { Handler } from '../registry.js';

export const billingTick: Handler<'billing.tick'> = async (_job, { services }) => services.billing.tick(new Date());
