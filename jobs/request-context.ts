// The request a piece of work runs for: the gateway hands the request id to the domain
// in the Actor (actor.requestId), the job producer stamps it on the jobs it adds
// (job.opts.requestId), so a request id can be followed from the access log into the
// worker's lines. Passed explicitly, not through AsyncLocalStorage: on Node 20 its
// promise hooks cost every request about a third of the gateway's CPU time.

/** where a job carries the id of the request that enqueued it (job.opts: not part of the validated payload) */
export const requestIdOfJob = (job: { opts?: object }): string | undefined => (job.opts as { requestId?: string } | undefined)?.requestId;
