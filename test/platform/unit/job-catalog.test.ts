// Per-queue worker settings and the repeatable jobs are read from the job catalog, with
// the settings that feed them.
import test from 'ava';
import { queueCatalog, QUEUE_NAMES, schedulesOf, workerSettingsOf, SANDBOXED_QUEUES } from '../../../jobs/catalog.js';
import { testConfig } from '../../helpers/env.js';

test('each queue runs with its declared concurrency, lock and stalled-job takeover', (t) => {
  const config = testConfig({ WORKER_CONCURRENCY: '7', MEDIA_CONCURRENCY: '3', AI_CONCURRENCY: '11', JOB_LOCK_MS: '8000' });
  t.deepEqual(workerSettingsOf('mail', config), { concurrency: 7, lockDuration: 8000, stalledInterval: 4000, maxStalledCount: 2 });
  t.is(workerSettingsOf('media', config).concurrency, 3, 'sandboxed queues: one child per concurrent job');
  t.is(workerSettingsOf('invoices', config).concurrency, 3);
  t.deepEqual(workerSettingsOf('ai', config), { concurrency: 11, lockDuration: 8000, stalledInterval: 4000, maxStalledCount: 1 });
  t.deepEqual(SANDBOXED_QUEUES, { media: 'media', invoices: 'invoices' });
  t.deepEqual(Object.keys(queueCatalog).sort(), [...QUEUE_NAMES].sort());
});

test('the schedules of the consumed queues; a sweep set to 0 minutes is not scheduled', (t) => {
  const all = schedulesOf(QUEUE_NAMES, testConfig({ KYC_SWEEP_EVERY_MINUTES: '3', SUPPORT_SWEEP_EVERY_MINUTES: '4', SUPPORT_STAFF_DIGEST_EVERY_MINUTES: '6' }));
  t.deepEqual(
    all.map((s) => [s.queue, s.id, s.name, s.everyMs]),
    [
      ['maintenance', 'maintenance-sweep', 'maintenance.sweep', 5 * 60_000],
      ['inventory', 'inventory-sweep-alerts', 'inventory.sweep-alerts', 60 * 60_000],
      ['kyc', 'kyc-sweep', 'kyc.sweep', 3 * 60_000],
      ['support', 'support-sweep', 'support.sweep', 4 * 60_000],
      ['support', 'support-staff-digest', 'support.staff-digest', 6 * 60_000],
      ['maintenance', 'maintenance-data-protection-sweep', 'maintenance.data-protection-sweep', 15 * 60_000],
      ['billing', 'billing-tick', 'billing.tick', 60_000],
    ],
  );
  for (const s of all) t.deepEqual(s.payload, { actor_id: null });
  t.deepEqual(schedulesOf(['kyc', 'support', 'mail', 'billing'], testConfig({ KYC_SWEEP_EVERY_MINUTES: '0', SUPPORT_SWEEP_EVERY_MINUTES: '0', BILLING_SANDBOX_TICK_SECONDS: '0', SUPPORT_STAFF_DIGEST_EVERY_MINUTES: '0' })), []);
  t.deepEqual(schedulesOf(['mail'], testConfig()).length, 0, 'a queue not consumed schedules nothing');
});
