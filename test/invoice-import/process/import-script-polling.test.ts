// scripts/import-invoices.ts against a stand-in API whose job polls go wrong: a
// non-2xx poll answer ends that file at once (reported with its status), and a job
// that never ends is given up at the file's deadline (--file-timeout).
import test from 'ava';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startEntry } from '../../helpers/processes.js';

/** Answers every preview 202 and every poll with `poll` (status, body). */
async function standIn(t: { teardown(fn: () => void): void }, poll: () => [number, unknown]) {
  let polls = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url?.startsWith('/api/invoice-import/preview/')) {
        res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ job_id: 'j1', poll_url: `${base}/api/jobs/j1/` }));
        return;
      }
      polls++;
      const [status, body] = poll();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, polls: () => polls };
}

async function oneFile() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoices-poll-'));
  await fs.writeFile(path.join(dir, 'a.csv'), 'seller,number\nACME,1\n');
  return dir;
}

const run = (url: string, dir: string, extra: string[] = []) =>
  startEntry('scripts/import-invoices.ts', { LOG_LEVEL: 'silent' }, ['--api', url, '--token', 'ipt_stand-in', '--inventory', '1', '--box', '1', ...extra, dir]);

for (const status of [401, 404, 500]) {
  test(`a ${status} poll answer ends the file at once and is reported`, async (t) => {
    const api = await standIn(t, () => [status, { error: { code: 'x', message: 'no' } }]);
    const script = run(api.url, await oneFile());
    const exit = await script.exited;
    t.is(exit.code, 1, script.output());
    t.regex(script.output(), new RegExp(`a\\.csv.*failed.*polling the job answered HTTP ${status}`));
    t.is(api.polls(), 1, 'no further polls');
  });
}

test('a job that never ends is given up at the file deadline', async (t) => {
  const api = await standIn(t, () => [200, { state: 'active' }]);
  const script = run(api.url, await oneFile(), ['--file-timeout', '2']);
  const exit = await script.exited;
  t.is(exit.code, 1, script.output());
  t.regex(script.output(), /a\.csv.*failed.*gave up/);
  t.true(api.polls() >= 1);
});

test('--file-timeout must be a positive number', async (t) => {
  const script = run('http://127.0.0.1:9', await oneFile(), ['--file-timeout', 'soon']);
  t.is((await script.exited).code, 2);
});
