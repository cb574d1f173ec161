// The export through the real workers: the job declared in the catalog builds the
// archive and the mail job tells the user where to download it.
import test from 'ava';
import AdmZip from 'adm-zip';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { callApi as api } from '../../helpers/http.js';
import { waitFor } from '../../helpers/wait.js';
import { mailsTo } from '../../helpers/mail.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['maintenance', 'mail'] });
});
test.after.always(async () => app?.stop());

test('POST /api/gdpr-export-request/ runs maintenance.data-export and e-mails the download link', async (t) => {
  const user = await buildUser(app.server);
  const asked = await api(app.server, 'POST', '/api/gdpr-export-request/', user.auth);
  t.is(asked.status, 202);
  const done = await waitFor(async () => {
    const r = await api(app.server, 'GET', `/api/data-export-requests/${asked.body.id}/`, user.auth);
    return r.body.status === 'completed' ? r.body : null;
  }, { timeoutMs: 20_000, message: 'export completed' });
  const zip = new AdmZip((await api(app.server, 'GET', `/api/data-export-requests/${asked.body.id}/download/`, user.auth)).raw);
  t.is(JSON.parse(zip.readAsText('accounts/account.json')).id, user.id);
  const mails = await waitFor(async () => {
    const all = await mailsTo(app.config, user.email);
    return all.some((m) => m.replace(/=\r?\n/g, '').includes(done.download_url)) ? all : null;
  }, { timeoutMs: 20_000, message: 'the e-mail with the link' });
  t.true(mails.some((m) => /Your data export is ready/.test(m)));
});
