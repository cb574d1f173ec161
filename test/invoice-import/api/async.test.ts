// With no time to wait (JOB_WAIT_MS=0) the endpoints answer 202 with the job, whose
// result is polled or pushed over the WebSocket.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { callApi } from '../../helpers/http.js';
import { sampleInvoice, textPdf, ublXml } from '../../factories/invoices.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { bulkStore, owner, preview } from '../helpers.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports'], listen: true, env: { JOB_WAIT_MS: '0', INVOICE_PREVIEWS_PER_MINUTE: '3', MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

// a cold sandboxed child on a busy CI machine can take most of a minute before its first job
// (JOB_WAIT_MS in testConfig gives the pushed path 60 s for the same reason)
async function poll(headers: Record<string, string>, jobId: string) {
  return waitFor(async () => {
    const job = await callApi(app.server, 'GET', `/api/jobs/${jobId}/`, headers);
    return ['completed', 'failed'].includes(job.body.state) && job.body;
  }, { timeoutMs: 90_000, intervalMs: 100, message: `job ${jobId} finished` });
}

test('preview and bulk store answer 202 when the job outlasts the wait; the result is polled and pushed', async (t) => {
  const o = await owner(app.server);
  const ws = connect(wsUrl(app.url, '/ws/notifications/', o.user.access));
  try {
    await ws.next('connection.ready');
    const res = await preview(app.server, o, { filename: 'slow.pdf', data: await textPdf(sampleInvoice()) });
    t.is(res.status, 202);
    t.regex(res.body.job_id, /^invoices-parse-\d+$/);
    t.regex(res.headers.location as string, /\/api\/jobs\/invoices-parse-/);
    const pushed = await ws.next('job.completed', (m) => m.data.job_id === res.body.job_id, 60_000);
    const job = await poll(o.headers, res.body.job_id);
    t.is(job.state, 'completed');
    t.is(typeof job.result.session_id, 'number');
    t.is(job.result.session_status, 'previewed');
    t.deepEqual(pushed.data.result ?? job.result, job.result);

    const session = (await callApi(app.server, 'GET', `/api/invoice-import/sessions/${job.result.session_id}/`, o.headers)).body;
    const lines = session.preview_lines.map((l: Record<string, unknown>) => ({ line_number: l.line_number, product_id: l.product_id, product_name: l.product_name, selected_quantity: l.selected_quantity }));
    const store = await bulkStore(app.server, o.headers, { session_id: job.result.session_id, lines });
    t.is(store.status, 202);
    t.regex(store.body.job_id, /^imports-store-\d+$/);
    const stored = await poll(o.headers, store.body.job_id);
    t.like(stored.result, { status: 'applied', http_status: 200, session_id: job.result.session_id });
    t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${job.result.session_id}/`, o.headers)).body.status, 'applied');

    // the job belongs to its owner
    const stranger = await owner(app.server);
    t.is((await callApi(app.server, 'GET', `/api/jobs/${res.body.job_id}/`, stranger.headers)).status, 404);
  } finally {
    ws.close();
  }
});

test('an unreadable document found by the job fails it with the document code', async (t) => {
  const o = await owner(app.server);
  const res = await preview(app.server, o, { filename: 'locked.pdf', data: await textPdf(sampleInvoice(), { userPassword: 'pw' }) });
  t.is(res.status, 202);
  const job = await poll(o.headers, res.body.job_id);
  t.is(job.state, 'failed');
  t.is(job.error.code, 'document_encrypted');
  const doc = await app.server.app.platform.knex('invoice_import_documents').where({ owner_id: o.user.id }).first();
  t.like(doc, { status: 'unreadable', session_id: null });
});

test('previews are rate limited per user (INVOICE_PREVIEWS_PER_MINUTE); refused uploads do not count', async (t) => {
  const o = await owner(app.server);
  const doc = { filename: 'a.xml', data: Buffer.from(ublXml(sampleInvoice())) };
  t.is((await preview(app.server, o, { filename: 'x.txt', data: Buffer.from('not an invoice') })).status, 400);
  for (let i = 0; i < 3; i++) t.is((await preview(app.server, o, doc)).status, 202);
  const limited = await preview(app.server, o, doc);
  t.is(limited.status, 429);
  t.is(limited.body.error.code, 'rate_limited');
  t.truthy(limited.headers['retry-after']);
  // another user is not affected
  t.is((await preview(app.server, (await owner(app.server)), doc)).status, 202);
});
