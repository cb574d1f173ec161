// Shared answers for job-backed endpoints: the result when the job finished within
// the wait, otherwise 202 with the job id to poll or to await over WebSocket.
import type { ResponseToolkit } from '@hapi/hapi';
import type { JobStatus, Outcome } from '../../domain/jobs/job-service.js';
import { DomainError, type ErrorKind } from '../../jobs/runtime/errors.js';
import { jobResultOut } from './jobs/job-result.js';

export function jobAccepted(h: ResponseToolkit, outcome: Outcome, wsUrl: string) {
  const poll = pollUrl(h.request.server.app.platform.config.publicBaseUrl, outcome.status.id);
  return h
    .response({ status: outcome.status.state === 'active' ? 'running' : 'queued', job_id: outcome.status.id, state: outcome.status.state, poll_url: poll, websocket: wsUrl })
    .code(202)
    .header('Location', poll);
}

/** Turns a failed job into the error it carried (code: message). */
export function jobFailure(outcome: Outcome, kind: ErrorKind = 'unprocessable'): DomainError {
  const err = outcome.status.error ?? { code: 'job_failed', message: 'The job failed.' };
  return new DomainError(kind, err.code, err.message);
}

export const notificationsWsUrl = (publicBaseUrl: string) => `${publicBaseUrl.replace(/^http/, 'ws')}/ws/notifications/`;

/** A job's status as the client sees it: the domain's status plus the absolute URL to poll it at (PUBLIC_BASE_URL is the edge's to spell). */
export type JobStatusOut = JobStatus & { poll_url: string };

export const pollUrl = (publicBaseUrl: string, jobId: string) => `${publicBaseUrl}/api/jobs/${jobId}/`;

export const jobStatusOut = (status: JobStatus, publicBaseUrl: string): JobStatusOut => ({ ...status, result: jobResultOut(status.name, status.result), poll_url: pollUrl(publicBaseUrl, status.id) });
