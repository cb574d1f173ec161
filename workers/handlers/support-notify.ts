// Tells the people concerned about one support ticket event (see ticket-notifier.ts).
import type { Handler } from '../registry.js';

export const supportNotify: Handler<'support.notify'> = async (job, { services }) => services.support.notifier.notify(job.data.event_id);
