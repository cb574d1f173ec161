// Fairness of the heavy queues (media, invoices, imports): one user's burst does not
// starve another user's job, a user has at most USER_JOBS_IN_FLIGHT jobs waiting or
// running per queue and enqueues at most USER_JOBS_PER_MINUTE per minute (429
// too_many_jobs), and a finished job frees its place.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { Worker, type Job } from 'bullmq';
import { createPlatform, closePlatform } from '../../../db/platform.js';
import { consumerConnection, whenReady } from '../../../jobs/redis.js';
import { testConfig } from '../../helpers/env.js';
import { startApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { multipart, textPng } from '../../factories/images.js';
import { pacingDelay, waitFor } from '../../helpers/wait.js';
import type { DomainError } from '../../../jobs/runtime/errors.js';
import { httpHeadersOf, httpStatusOf } from '../../../gateway/http/errors.js';

test("one user's burst of eight jobs does not make another user's job wait behind them", async (t) => {
  const config = testConfig({ USER_JOBS_IN_FLIGHT: '20' });
  const platform = createPlatform(config, 'fairness-test');
  const [burst, other] = [randomUUID(), randomUUID()];
  await whenReady(platform.redis); // producers fail fast: connect before the first enqueue
  try {
    for (let i = 0; i < 8; i++) await platform.producer.enqueue('media.ocr', { actor_id: burst, media_path: `ocr/burst-${i}.png` });
    await platform.producer.enqueue('media.ocr', { actor_id: other, media_path: 'ocr/other.png' });
    t.is(await platform.producer.shares!.inFlight('media', burst), 8);

    // one slot, like a busy media worker: the order jobs are taken in is the test
    const order: string[] = [];
    const connection = consumerConnection(config.redisUrl, 'fairness-worker');
    const done = new Promise<void>((resolve) => {
      const worker = new Worker(
        'media',
        async (job: Job) => {
          order.push(job.data.actor_id === other ? 'other' : 'burst');
          await pacingDelay(10, 'a job that takes a moment, like real media work');
        },
        { connection, prefix: config.queuePrefix, concurrency: 1 },
      );
      worker.on('completed', async (job) => {
        await platform.producer.finished(job); // what workers/runner.ts does
        if (order.length === 9) void worker.close().then(() => resolve());
      });
    });
    await done;
    connection.disconnect();
    t.is(order.length, 9);
    t.true(order.indexOf('other') <= 1, `the other user's job ran at position ${order.indexOf('other') + 1} of 9: ${order.join(', ')}`);
    t.is(await platform.producer.shares!.inFlight('media', burst), 0, 'finished jobs leave the share');
  } finally {
    await closePlatform(platform);
  }
});

test('a user over USER_JOBS_IN_FLIGHT or USER_JOBS_PER_MINUTE is refused with 429 too_many_jobs; others are not', async (t) => {
  const config = testConfig({ USER_JOBS_IN_FLIGHT: '3', USER_JOBS_PER_MINUTE: '5' });
  const platform = createPlatform(config, 'fairness-test');
  const [user, other] = [randomUUID(), randomUUID()];
  await whenReady(platform.redis);
  try {
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1000 + i }));
    const refused = await t.throwsAsync(platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1003 }));
    t.like(refused, { kind: 'rate_limited', code: 'too_many_jobs' });
    t.is(httpStatusOf(refused as DomainError), 429);
    t.is(httpHeadersOf(refused as DomainError)['Retry-After'], '5');
    await platform.producer.enqueue('invoice.parse', { actor_id: other, document_id: 2000 });
    t.pass('another user still enqueues');
    // enqueuing the same job again is not another job
    await platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1000 });
    // a finished job frees its place
    await platform.producer.finished(jobs[0]);
    await platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1004 });
    await platform.producer.finished(jobs[1]);
    await platform.producer.finished(jobs[2]);
    // 4 admitted in this minute so far: the fifth is the last one
    await platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1005 });
    const rate = await t.throwsAsync(platform.producer.enqueue('invoice.parse', { actor_id: user, document_id: 1006 }));
    t.like(rate, { kind: 'rate_limited', code: 'too_many_jobs' });
    t.is(httpStatusOf(rate as DomainError), 429);
    t.regex(rate!.message, /5 invoices jobs per minute/);
    // queues outside the fair set are not counted
    for (let i = 0; i < 5; i++) await platform.producer.enqueue('system.echo', { actor_id: user, echo: i });
  } finally {
    await closePlatform(platform);
  }
});

test('over HTTP: the limit is a 429 with Retry-After, and a job the worker finished frees its place', async (t) => {
  const app = await startApp({ workers: ['media'], env: { USER_JOBS_IN_FLIGHT: '2' } });
  try {
    const user = await buildUser(app.server);
    const image = await textPng(['fair share']);
    const ocr = () => {
      const m = multipart({ image: { filename: 'a.png', contentType: 'image/png', data: image } });
      return callApi(app.server, 'POST', '/api/process-image/?wait=0', { ...selfScope(user), ...m.headers }, m.payload);
    };
    const accepted = [await ocr(), await ocr()];
    t.deepEqual(accepted.map((r) => r.status), [202, 202]);
    const third = await ocr();
    t.is(third.status, 429, JSON.stringify(third.body));
    t.is(third.body.error.code, 'too_many_jobs');
    t.truthy(third.headers['retry-after']);
    for (const r of accepted) {
      await waitFor(async () => ['completed', 'failed'].includes((await callApi(app.server, 'GET', `/api/jobs/${r.body.job_id}/`, selfScope(user))).body.state), { timeoutMs: 60_000, intervalMs: 200, message: `job ${r.body.job_id} finished` });
    }
    // the release follows the completed event
    await waitFor(async () => (await app.server.app.platform.producer.shares!.inFlight('media', user.id)) === 0, { message: 'the places released' });
    t.is((await ocr()).status, 202, 'places are freed when jobs finish');
  } finally {
    await app.stop();
  }
});
