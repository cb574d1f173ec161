// What operators watch the running system with: metrics, readiness, the drain on SIGTERM.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const operationsGroup = {
  name: 'operations',
  title: 'Operations',
  intro: 'Metrics, readiness and shutdown of the gateway, and how `npm start` restarts a crashed process (see docs/operations.md).',
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
  /** how `npm start` (scripts/supervisor.ts) treats a process that exits on its own */
  supervisor: {
    restartDelayMs: setting(
      'SUPERVISOR_RESTART_DELAY_MS',
      Joi.number().integer().min(0).max(600000).default(500),
      '`npm start` restarts a crashed process after this long, doubled for each further crash of that process within `SUPERVISOR_CRASH_WINDOW_MS`',
    ),
    maxRestartDelayMs: setting('SUPERVISOR_MAX_RESTART_DELAY_MS', Joi.number().integer().min(0).max(3600000).default(30000), 'the longest wait before `npm start` restarts a crashed process'),
    crashLimit: setting(
      'SUPERVISOR_CRASH_LIMIT',
      Joi.number().integer().min(1).max(1000).default(5),
      'a crash loop: when one process crashes this many times within `SUPERVISOR_CRASH_WINDOW_MS`, `npm start` stops the whole platform with one line and exit code 1',
    ),
    crashWindowMs: setting('SUPERVISOR_CRASH_WINDOW_MS', Joi.number().integer().min(1000).max(86400000).default(60000), 'the window in which `SUPERVISOR_CRASH_LIMIT` crashes make a crash loop'),
  },
});
