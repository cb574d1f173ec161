// Builds one data-export archive; the request row's status makes it run at most once.
import type { Handler } from '../registry.js';

export const dataExport: Handler<'maintenance.data-export'> = async (job, { services }) => services.dataProtection.exports.run(job.data.request_id);
