// npm run kyc:replay-callbacks -- [--id 12 --id 13] [--since 2026-01-01T00:00:00Z] [--project <slug>] [--limit 1000] [--dry-run]
// Status callbacks that failed for their whole retry window (about a day) are kept as
// dead. This puts them back to pending with a fresh window and queues them again; the
// main service is idempotent by version, so a replay never changes anything twice.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { parseCommandLine, usageError } from './cli.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { createPlatform, closePlatform } from '../db/platform.js';
import { createKycServices } from '../kyc/services/index.js';
import { T } from '../kyc/services/tables.js';

const USAGE = `
usage: npm run kyc:replay-callbacks -- [--id N ...] [--since ISO-DATE] [--project SLUG] [--limit N] [--dry-run]

Status callbacks that failed for their whole retry window are kept as dead; this
queues them again with a fresh window (the main service applies each version once).

  --id        a dead delivery's id (repeatable); default: all dead deliveries
  --since     only deliveries created at or after this date
  --project   only this project's deliveries
  --limit     at most this many (default 1000)
  --dry-run   list them, change nothing
  -h, --help  this text
`;

await runEntry('kyc-replay-callbacks', async () => {
  const { values } = parseCommandLine('kyc-replay-callbacks', USAGE, {
    options: { id: { type: 'string', multiple: true }, since: { type: 'string' }, project: { type: 'string' }, limit: { type: 'string', default: '1000' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const ids = (values.id ?? []).map(Number);
  const since = values.since ? new Date(values.since) : undefined;
  if (ids.some((n) => !Number.isInteger(n) || n <= 0) || (since && Number.isNaN(since.getTime())) || !/^\d+$/.test(values.limit!)) {
    usageError('kyc-replay-callbacks', '--id takes positive whole numbers, --since an ISO date, --limit a whole number', USAGE);
  }
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  const platform = createPlatform(config, 'kyc-replay');
  try {
    let projectId: number | undefined;
    if (values.project) {
      const p = await platform.knex(T.projects).where({ slug: values.project }).first('id');
      if (!p) throw new Error(`no project ${values.project}`);
      projectId = p.id;
    }
    if (values['dry-run']) {
      const q = platform.knex(T.deliveries).where({ state: 'dead' }).orderBy('id').limit(Number(values.limit)).select('id', 'applicant_id', 'version', 'attempts', 'last_error', 'dead_at');
      if (ids.length) q.whereIn('id', ids);
      if (since) q.where('created_at', '>=', since);
      if (projectId) q.where({ project_id: projectId });
      console.table(await q);
      return;
    }
    const replayed = await createKycServices(platform).callbacks.replayDead({ ids, since, projectId, limit: Number(values.limit) });
    console.log(`kyc-replay-callbacks: ${replayed.length} dead callback(s) queued again${replayed.length ? `: ${replayed.join(', ')}` : ''}`);
  } finally {
    await closePlatform(platform);
  }
});
