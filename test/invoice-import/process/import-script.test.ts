// scripts/import-invoices.ts as a user runs it: a folder in, previews (and with
// --apply, stores), a summary table out, exit status 1 when a file failed.
import test from 'ava';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, type TestApp } from '../../helpers/app.js';
import { startEntry } from '../../helpers/processes.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { sampleInvoice, textPdf, ublXml, invoiceCsv } from '../../factories/invoices.js';
import { owner } from '../helpers.js';

let app: TestApp;
// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports'], listen: true, env: { MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

async function folder() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoices-'));
  // three invoices of one supplier, day and amount: told apart by their numbers (which have digits, as printed numbers do)
  const tag = Math.floor(Math.random() * 900000 + 100000);
  await fs.writeFile(path.join(dir, 'a.pdf'), await textPdf(sampleInvoice({ number: `BATCH-${tag}-1` })));
  await fs.writeFile(path.join(dir, 'b.xml'), ublXml(sampleInvoice({ number: `BATCH-${tag}-2` })));
  await fs.writeFile(path.join(dir, 'c.csv'), invoiceCsv(sampleInvoice({ number: `BATCH-${tag}-3` })));
  await fs.writeFile(path.join(dir, 'broken.pdf'), '%PDF-1.4 this is not really a pdf');
  await fs.writeFile(path.join(dir, 'readme.txt'), 'not an invoice, not picked up');
  return dir;
}

const env = () => ({ DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: app.config.queuePrefix, MEDIA_ROOT: app.config.mediaRoot, LOG_LEVEL: 'silent', BILLING_PLAN_LIMITS: 'off' }); // the free plan's monthly imports are not what this tests

test('through the API: previews and applies a folder, reports the broken file and exits 1', async (t) => {
  const o = await owner(app.server);
  const dir = await folder();
  const run = startEntry('scripts/import-invoices.ts', env(), ['--api', app.url, '--token', o.user.access, '--inventory', String(o.tree.inventory.id), '--box', String(o.tree.box.id), '--family', 'Batch', '--apply', '--concurrency', '2', dir]);
  const exit = await run.exited;
  const out = run.output();
  t.is(exit.code, 1, out);
  t.regex(out, /a\.pdf.*applied/);
  t.regex(out, /b\.xml.*applied/);
  t.regex(out, /c\.csv.*applied/);
  t.regex(out, /broken\.pdf.*failed/);
  t.notRegex(out, /readme\.txt/);
  t.regex(out, /4 file\(s\): 3 applied, 0 previewed, 0 need review, 0 duplicate\(s\) skipped, 1 failed/);
  const sessions = await app.server.app.platform.knex('invoice_import_sessions').where({ owner_id: o.user.id });
  t.is(sessions.length, 3);
  t.true(sessions.every((s: { status: string }) => s.status === 'applied'));
});

test('directly through the queues: previews only, exits 0 when every file was read', async (t) => {
  const o = await owner(app.server);
  const dir = await folder();
  await fs.rm(path.join(dir, 'broken.pdf'));
  const run = startEntry('scripts/import-invoices.ts', env(), ['--user', o.user.email, '--inventory', String(o.tree.inventory.id), '--box', String(o.tree.box.id), dir]);
  const exit = await run.exited;
  t.is(exit.code, 0, run.output());
  t.regex(run.output(), /3 file\(s\): 0 applied, 3 previewed/);
  const sessions = await app.server.app.platform.knex('invoice_import_sessions').where({ owner_id: o.user.id });
  t.deepEqual(sessions.map((s: { status: string }) => s.status), ['previewed', 'previewed', 'previewed']);
});

test('usage errors exit 2', async (t) => {
  const run = startEntry('scripts/import-invoices.ts', env(), ['--inventory', '1']);
  t.is((await run.exited).code, 2);
  t.regex(run.output(), /^import-invoices: name at least one folder or file; see --help$/m);
});

test('re-running --apply on the same folder skips what was stored (duplicates), unless --include-duplicates', async (t) => {
  const o = await owner(app.server);
  const dir = await folder();
  await fs.rm(path.join(dir, 'broken.pdf'));
  const args = ['--user', o.user.email, '--inventory', String(o.tree.inventory.id), '--box', String(o.tree.box.id), '--family', 'Batch', '--apply', '--concurrency', '1'];
  const { knex } = app.server.app.platform;
  const stock = async () => Number((await knex('inventory_items').where({ owner_id: o.user.id }).sum({ q: 'quantity' }))[0].q);

  const first = startEntry('scripts/import-invoices.ts', env(), [...args, dir]);
  t.is((await first.exited).code, 0, first.output());
  t.regex(first.output(), /3 file\(s\): 3 applied/);
  const after = await stock();
  t.true(after > 0);

  const second = startEntry('scripts/import-invoices.ts', env(), [...args, dir]);
  t.is((await second.exited).code, 0, second.output());
  t.regex(second.output(), /a\.pdf.*duplicate/);
  t.regex(second.output(), /3 file\(s\): 0 applied, 0 previewed, 0 need review, 3 duplicate\(s\) skipped, 0 failed/);
  t.is(await stock(), after, 'nothing received twice');

  const third = startEntry('scripts/import-invoices.ts', env(), [...args, '--include-duplicates', path.join(dir, 'b.xml')]);
  t.is((await third.exited).code, 0, third.output());
  t.regex(third.output(), /1 file\(s\): 1 applied/);
  t.true((await stock()) > after);
});
