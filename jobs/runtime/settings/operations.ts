// What operators watch the running system with: metrics, readiness, the drain on SIGTERM.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const operationsGroup = {
  name: 'operations',
  title: 'Operations',
  intro: 'Metrics, readiness and shutdown of the gateway (see docs/operations.md).',
};

export const operationsSettings = inGroup(operationsGroup, {
  metricsToken: setting(
    'METRICS_TOKEN',
    Joi.string().min(16).max(512),
    'bearer token Prometheus sends to `GET /metrics`; unset, `/metrics` answers 404 (metrics are off)',
    { secret: 'secret', read: (value: string | undefined) => value ?? null },
  ),
  drainMs: setting(
    'DRAIN_MS',
    Joi.number().integer().min(0).max(120000).default(5000),
    'after SIGTERM the gateway answers 503 (readiness and every new request) for this long, so a load balancer stops routing to it, before it stops listening',
  ),
  readyMaxFailedJobs: setting(
    'READY_MAX_FAILED_JOBS',
    Joi.number().integer().min(1).default(50),
    'a queue holding more failed jobs than this makes `/api/health/ready/` report it degraded',
  ),
});
