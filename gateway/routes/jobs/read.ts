import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { jobStatusOut } from '../respond.js';

export const JobStatusOut = Joi.object({
  id: Joi.string(),
  name: Joi.string(),
  state: Joi.string().valid('waiting', 'delayed', 'active', 'completed', 'failed', 'unknown'),
  progress: Joi.any(),
  result: Joi.any(),
  error: Joi.object({ code: Joi.string(), message: Joi.string() }).label('JobError').allow(null),
  attempts_made: Joi.number().integer(),
  created_at: Joi.string().isoDate(),
  finished_at: Joi.string().isoDate().allow(null),
  poll_url: Joi.string(),
}).label('JobStatus');

export default {
  method: 'GET',
  path: '/api/jobs/{id}/',
  options: {
    tags: ['api', 'jobs'],
    description: 'Poll a job the caller started',
    notes: 'Finished jobs are kept for an hour (failed ones for a week). Another user\'s job is 404.',
    validate: { params: Joi.object({ id: Joi.string().max(200).pattern(/^[a-z]+-[A-Za-z0-9-]+$/).required() }) },
    response: { status: { 200: JobStatusOut } }, plugins: errorDocs(401, 404),
  },
  async handler(request) {
    const status = await request.server.app.services.jobs.statusOf((request.params as { id: string }).id, actor(request));
    return jobStatusOut(status, request.server.app.platform.config.publicBaseUrl);
  },
} satisfies ServerRoute;
