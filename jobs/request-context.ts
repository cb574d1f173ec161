// The request a piece of work runs for, carried across awaits (AsyncLocalStorage): the
// gateway enters it per request, the job producer stamps its id on the jobs it adds, so
// a request id can be followed from the access log into the worker's lines.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** the id of the request being served here, if any */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/** where a job carries the id of the request that enqueued it (job.opts: not part of the validated payload) */
export const requestIdOfJob = (job: { opts?: object }): string | undefined => (job.opts as { requestId?: string } | undefined)?.requestId;
