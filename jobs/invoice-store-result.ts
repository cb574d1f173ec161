// The result of the `invoice.store` job as GET /api/jobs/{id}/ shows it: the domain's
// outcome of the attempt, and the status the bulk-store call answers with for it
// (platform-api.md). Both the route and the job handler map it from here.
export type BulkStoreOutcome = 'applied' | 'failed' | 'conflict';

export const BULK_STORE_STATUS: Record<BulkStoreOutcome, number> = { applied: 200, failed: 400, conflict: 409 };
