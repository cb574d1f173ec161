// A job's status as the client sees it: the domain's status plus the absolute URL to
// poll it at, which only the edge knows how to spell (PUBLIC_BASE_URL).
import type { JobStatus } from '../../domain/jobs/job-service.js';

export type JobStatusOut = JobStatus & { poll_url: string };

export const pollUrl = (publicBaseUrl: string, jobId: string) => `${publicBaseUrl}/api/jobs/${jobId}/`;

export const jobStatusOut = (status: JobStatus, publicBaseUrl: string): JobStatusOut => ({ ...status, poll_url: pollUrl(publicBaseUrl, status.id) });
