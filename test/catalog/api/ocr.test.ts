import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { selfScope, type Headers } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { multipart, solidPng, textPng } from '../../factories/images.js';
import { recognize, shutdownOcr } from '../../../workers/ocr/recognize.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['media'], listen: true });
});
test.after.always(async () => {
  await shutdownOcr(); // the in-process engine of the last test
  await app?.stop();
});

const upload = async (url: string, headers: Headers, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return callApi(app.server, 'POST', url, { ...headers, ...m.headers }, m.payload);
};

test('OCR of a rendered image returns its text with per-line confidence (sandboxed job, no download)', async (t) => {
  const u = await buildUser(app.server);
  const png = await textPng(['Invoice 4711 Widgets', 'Total amount 99.50 EUR']);
  const res = await upload('/api/process-image/', selfScope(u), { image: { filename: 'scan.png', contentType: 'image/png', data: png } });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.regex(res.body.job_id, /^media-/);
  t.is(res.body.status, 'completed');
  t.regex(res.body.text, /Invoice 4711 Widgets/);
  t.regex(res.body.text, /Total amount 99\.50 EUR/);
  t.is(res.body.lines.length, 2);
  t.is(res.body.lines[0].text, 'Invoice 4711 Widgets');
  t.true(res.body.lines.every((l: { confidence: number }) => l.confidence > 60 && l.confidence <= 100));
  t.true(res.body.confidence > 60);
  t.is(res.body.language, 'eng');

  // the result stays pollable by its owner only
  const job = await callApi(app.server, 'GET', `/api/jobs/${res.body.job_id}/`, selfScope(u));
  t.is(job.body.state, 'completed');
  t.is(job.body.result.lines.length, 2);
  const other = await buildUser(app.server);
  t.is((await callApi(app.server, 'GET', `/api/jobs/${res.body.job_id}/`, selfScope(other))).status, 404);
});

test('OCR without waiting answers 202 with the job to poll, which then completes', async (t) => {
  const u = await buildUser(app.server);
  const png = await textPng(['Hello polling world']);
  const res = await upload('/api/process-image/?wait=0', selfScope(u), { image: { filename: 'a.jpg', data: png } });
  t.is(res.status, 202);
  t.regex(res.headers.location as string, /\/api\/jobs\/media-/);
  const { state, result } = await waitFor(async () => {
    const job = await callApi(app.server, 'GET', `/api/jobs/${res.body.job_id}/`, selfScope(u));
    return ['completed', 'failed'].includes(job.body.state) && job.body;
  }, { timeoutMs: 90_000, intervalMs: 200, message: `job ${res.body.job_id} finished` });
  t.is(state, 'completed');
  t.regex(result.text, /Hello polling world/);
});

test('a 202 OCR job\'s result is pushed as job.completed on /ws/notifications/', async (t) => {
  const u = await buildUser(app.server);
  const ws = connect(wsUrl(app.url, '/ws/notifications/', u.access));
  try {
    await ws.next('connection.ready');
    const res = await upload('/api/process-image/', selfScope(u), { image: { filename: 'a.png', data: await textPng(['Pushed over the socket']) }, wait: 0 });
    t.is(res.status, 202);
    const done = await ws.next('job.completed', (m) => m.data.job_id === res.body.job_id, 60_000);
    t.regex(JSON.stringify(done.data), /Pushed over the socket/);
  } finally {
    ws.close();
  }
});

test('bad OCR uploads: wrong type 415, not an image 415, empty 400, missing 400, too big 413, undecodable 422', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const zip = Buffer.from('504b0304140000000800', 'hex');
  t.is((await upload('/api/process-image/', h, { image: { filename: 'a.zip', data: Buffer.concat([zip, Buffer.alloc(100)]) } })).status, 415);
  t.is((await upload('/api/process-image/', h, { image: { filename: 'a.png', contentType: 'image/png', data: Buffer.from('plain text pretending to be a png') } })).status, 415);
  const empty = await upload('/api/process-image/', h, { image: { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) } });
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'empty_file');
  t.is((await upload('/api/process-image/', h, { note: 'no image' })).status, 400);
  const json = await callApi(app.server, 'POST', '/api/process-image/', h, { image: 'aGVsbG8=' });
  t.is(json.status, 415, 'a JSON string is not a file');
  const big = Buffer.concat([await solidPng(), Buffer.alloc(10 * 1024 * 1024)]);
  const tooBig = await upload('/api/process-image/', h, { image: { filename: 'a.png', data: big } });
  t.is(tooBig.status, 413);
  const broken = await upload('/api/process-image/', h, { image: { filename: 'a.png', data: (await textPng(['x'])).subarray(0, 120) } });
  t.is(broken.status, 422);
  t.is(broken.body.error.code, 'unreadable_image');
  t.is((await callApi(app.server, 'POST', '/api/process-image/', {}, {})).status, 401);
});

test('recognize() is reusable in-process (the invoice import uses it for scans)', async (t) => {
  const r = await recognize(await textPng(['Reusable OCR module']));
  t.regex(r.text, /Reusable OCR module/);
  t.is(r.lines.length, 1);
  t.true(r.duration_ms > 0);
});
