// Periodic: closes tickets resolved long enough ago and re-enqueues lost notifications.
import type { Handler } from '../registry.js';

export const supportSweep: Handler<'support.sweep'> = async (_job, { services }) => services.support.notifier.sweep();
