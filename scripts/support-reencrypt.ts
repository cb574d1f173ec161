// npm run support:reencrypt -- [--inline] [--status]
// After a new key was put in front of FIELD_ENCRYPTION_KEYS or BLIND_INDEX_KEYS (and
// every process restarted with it), this moves support data to the new active keys:
// it queues the support.reencrypt job for a worker of the support queue, or with
// --inline does the work in this process. --status only counts the rows still under
// older keys. Safe to run again at any time: rows already current are skipped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { closePlatform, createPlatform } from '../db/platform.js';
import { TicketCrypto } from '../domain/support/ticket-crypto.js';
import { reencryptSupportData } from '../domain/support/ticket-key-rotation.js';

await runEntry('support-reencrypt', async () => {
  const { values } = parseArgs({ options: { inline: { type: 'boolean', default: false }, status: { type: 'boolean', default: false } } });
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  if (!values.inline && !values.status) await checkRedis(config.redisUrl);
  const platform = createPlatform(config, 'support-reencrypt');
  try {
    const crypto = new TicketCrypto(config);
    const field = crypto.description.activeKeyId;
    const index = crypto.search.activeKeyId;
    const count = async (table: string, where: (q: any) => any) => Number(((await where(platform.knex(table)).count({ n: '*' })) as { n: string }[])[0].n);
    const stale = {
      tickets: await count('support_tickets', (q) => q.whereNot('enc_key_id', field).orWhereNot('search_key_id', index)),
      replies: await count('support_ticket_replies', (q) => q.whereNot('enc_key_id', field)),
    };
    console.log(`support-reencrypt: active field key ${field}, blind-index key ${index}; under older keys: ${stale.tickets} ticket(s), ${stale.replies} reply(ies)`);
    if (values.status) return;
    if (values.inline) {
      const done = await reencryptSupportData(platform, crypto);
      console.log(`support-reencrypt: re-encrypted ${done.tickets} ticket(s) and ${done.replies} reply(ies)`);
    } else {
      const job = await platform.producer.enqueue('support.reencrypt', { actor_id: null });
      console.log(`support-reencrypt: queued job ${job.id} on the support queue`);
    }
  } finally {
    await closePlatform(platform);
  }
});
