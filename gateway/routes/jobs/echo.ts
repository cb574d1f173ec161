import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { JobAccepted } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { jobAccepted, jobStatusOut, notificationsWsUrl } from '../respond.js';
import { JobStatusOut } from './read.js';

export default {
  method: 'POST',
  path: '/api/jobs/echo/',
  options: {
    tags: ['api', 'jobs'],
    description: 'Run a no-op job that returns what it was given',
    notes: 'For clients to check their realtime set-up (the result also arrives as job.completed on /ws/notifications/), and for the round-trip benchmark. `wait` is how long to wait for the result in ms (default 0: answer 202 at once; at most JOB_WAIT_MS); `delay_ms` makes the job take that long (at most 10 s) so clients can try polling and reconnects. The body is a JSON object (`{}` for the defaults); no body is 400 body_required.',
    validate: {
      payload: Joi.object({ echo: Joi.any().default(null), wait: Joi.number().integer().min(0).max(30000).default(0), delay_ms: Joi.number().integer().min(0).max(10_000).default(0) }).label('EchoJobIn'),
    },
    response: { status: { 200: JobStatusOut, 202: JobAccepted } }, plugins: errorDocs(400, 401, 503),
  },
  async handler(request, h) {
    const { echo, wait, delay_ms } = request.payload as { echo: unknown; wait: number; delay_ms: number };
    const { jobs } = request.server.app.services;
    const me = actor(request);
    const payload = { actor_id: me.userId, echo: JSON.stringify(echo ?? null).length > 4096 ? null : echo, ...(delay_ms ? { delay_ms } : {}) };
    const outcome = await jobs.run('system.echo', payload, Math.min(wait, request.server.app.platform.config.jobWaitMs), me.requestId);
    if (outcome.done) return jobStatusOut(outcome.status, request.server.app.platform.config.publicBaseUrl);
    return jobAccepted(h, outcome, notificationsWsUrl(request.server.app.platform.config.publicBaseUrl));
  },
} satisfies ServerRoute;
