// GET /metrics in Prometheus' text format (prom-client): HTTP requests by route template
// and status with latency histograms, job counts and recent durations per queue,
// WebSocket connections, the process' own metrics. Off (404) unless METRICS_TOKEN is
// set; then only `Authorization: Bearer <METRICS_TOKEN>` reads it (401 otherwise).
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Plugin, Request, Server } from '@hapi/hapi';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES } from '../../jobs/catalog.js';
import { errorBody } from '../http/errors.js';

export const METRICS_PATH = '/metrics';
const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;
/** completed jobs a scrape reads per queue to describe recent durations */
const RECENT_JOBS = 100;

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

function httpMetrics(registry: Registry, server: Server): void {
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  server.events.on('response', (request: Request) => {
    const response = request.response as { statusCode?: number } | null;
    // the route template keeps label values bounded: an unknown path is /{p*}
    const labels = { method: request.method.toUpperCase(), route: request.route.path, status: String(response?.statusCode ?? request.raw.res.statusCode ?? 0) };
    requests.inc(labels);
    duration.observe(labels, ((request.info.completed || Date.now()) - request.info.received) / 1000);
  });
}

function queueMetrics(registry: Registry, server: Server): void {
  const queue = (name: (typeof QUEUE_NAMES)[number]) => server.app.platform.producer.queue(name);
  new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs per queue and state (failed: failed for good and kept for inspection)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await Promise.all(QUEUE_NAMES.map((name) => queue(name).getJobCounts(...JOB_STATES)));
      QUEUE_NAMES.forEach((name, i) => JOB_STATES.forEach((state) => this.set({ queue: name, state }, counts[i][state] ?? 0)));
    },
  });
  new Gauge({
    name: 'bullmq_queue_workers',
    help: 'Worker connections consuming each queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const workers = await Promise.all(QUEUE_NAMES.map((name) => queue(name).getWorkersCount()));
      QUEUE_NAMES.forEach((name, i) => this.set({ queue: name }, workers[i]));
    },
  });
  // durations are measured by the workers; the gateway reads them off the last completed jobs
  new Gauge({
    name: 'bullmq_job_duration_seconds',
    help: `Processing time of the last ${RECENT_JOBS} completed jobs per queue (quantile 0.5, 0.95, 1)`,
    labelNames: ['queue', 'quantile'],
    registers: [registry],
    async collect() {
      this.reset();
      const recent = await Promise.all(QUEUE_NAMES.map((name) => queue(name).getJobs(['completed'], 0, RECENT_JOBS - 1)));
      QUEUE_NAMES.forEach((name, i) => {
        const seconds = recent[i].filter((j) => j?.finishedOn && j.processedOn).map((j) => (j.finishedOn! - j.processedOn!) / 1000).sort((a, b) => a - b);
        if (!seconds.length) return;
        for (const q of [0.5, 0.95, 1]) this.set({ queue: name, quantile: String(q) }, seconds[Math.min(seconds.length - 1, Math.floor(q * seconds.length))]);
      });
    },
  });
}

export function createMetricsRegistry(server: Server): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  httpMetrics(registry, server);
  queueMetrics(registry, server);
  new Gauge({
    name: 'websocket_connections',
    help: 'Open WebSocket connections (notifications and support chat)',
    registers: [registry],
    collect() {
      this.set(server.app.hub.connectionCount);
    },
  });
  return registry;
}

export const metricsPlugin: Plugin<{ token: string | null }> = {
  name: 'platform-metrics',
  register(server, { token }) {
    const registry = createMetricsRegistry(server);
    server.route({
      method: 'GET',
      path: METRICS_PATH,
      options: { auth: false, description: 'Prometheus metrics (bearer METRICS_TOKEN; 404 when unset)' },
      async handler(request, h) {
        if (!token) return h.response(errorBody('not_found', `No endpoint GET ${METRICS_PATH}.`)).code(404);
        const given = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
        if (!given || !sameToken(given, token)) {
          return h.response(errorBody('not_authenticated', 'Send Authorization: Bearer <METRICS_TOKEN>.')).code(401).header('WWW-Authenticate', 'Bearer realm="metrics"');
        }
        return h.response(await registry.metrics()).type(registry.contentType);
      },
    });
  },
};
