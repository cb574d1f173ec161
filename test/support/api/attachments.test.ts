// Attachments: multipart only, checked by content (magic bytes), count and size
// limits, stored privately under MEDIA_ROOT, downloadable by the owner and staff only.
import test from 'ava';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { solidPng } from '../../factories/images.js';
import { buildTicket, callMultipart, word } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let staff: TestUser;
const MAX_BYTES = 64 * 1024;
test.before(async () => {
  app = await startApp({ workers: false, env: { TICKET_ATTACHMENT_MAX_BYTES: String(MAX_BYTES), TICKET_ATTACHMENT_MAX_COUNT: '3' } });
  [owner, stranger, staff] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
});
test.after.always(async () => app?.stop());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const TEXT = Buffer.from('Steps to reproduce:\n1. Scan\n2. Crash — ünïcödé ok\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const post = (user: TestUser, fields: Parameters<typeof callMultipart>[4]) => callMultipart(app.server, 'POST', '/api/support-tickets/', user.auth, fields);
const attachmentDirs = async () => fs.readdir(path.join(app.config.mediaRoot, 'support-attachments')).catch(() => [] as string[]);

test('multipart create stores files privately and returns attachment_paths and absolute attachment_urls', async (t) => {
  // seeded ones: other test files add and remove categories meanwhile
  const cats = (await callApi(app.server, 'GET', '/api/help-categories/', owner.auth)).body.filter((c: { slug: string }) => ['getting-started', 'troubleshooting'].includes(c.slug));
  const png = await solidPng(20, 10);
  const r = await post(owner, {
    subject: 'Crash with screenshot',
    description: `It crashes ${word()}`,
    ticket_type: 'Bug report',
    priority: 'high',
    help_category_ids: [cats[0].id, cats[1].id],
    attachments: [
      { filename: 'screen.png', contentType: 'image/png', data: png },
      { filename: 'report.pdf', contentType: 'application/pdf', data: PDF },
      { filename: '../../etc/notes.txt', contentType: 'text/plain', data: TEXT },
    ],
  });
  t.is(r.status, 201, JSON.stringify(r.body));
  t.like(r.body, { subject: 'Crash with screenshot', ticket_type: 'bug_report', priority: 'high' });
  t.is(r.body.help_categories.length, 2);
  t.is(r.body.attachment_paths.length, 3);
  for (const [i, ext] of ['png', 'pdf', 'txt'].entries()) {
    t.regex(r.body.attachment_paths[i], new RegExp(`^support-attachments/${r.body.id}/[A-Za-z0-9_-]{22}\\.${ext}$`));
    t.regex(r.body.attachment_urls[i], new RegExp(`^http://127\\.0\\.0\\.1:8000/api/support-tickets/${r.body.id}/attachments/[0-9a-f-]{36}/$`));
  }
  const onDisk = await fs.readFile(path.join(app.config.mediaRoot, r.body.attachment_paths[0]));
  t.true(onDisk.equals(png));

  const download = await callApi(app.server, 'GET', new URL(r.body.attachment_urls[0]).pathname, owner.auth);
  t.is(download.status, 200);
  t.is(download.headers['content-type'], 'image/png');
  t.is(download.headers['content-disposition'], `attachment; filename="screen.png"; filename*=UTF-8''screen.png`);
  t.is(download.headers['x-content-type-options'], 'nosniff');
  t.regex(String(download.headers['cache-control']), /private/);
  t.true(download.raw.equals(png));
  const txt = await callApi(app.server, 'GET', new URL(r.body.attachment_urls[2]).pathname, staff.auth);
  t.is(txt.status, 200, 'staff download too');
  t.is(txt.headers['content-type'], 'text/plain; charset=utf-8');
  t.regex(String(txt.headers['content-disposition']), /filename="notes\.txt"/, 'the client path is reduced to a name');
  t.true(txt.raw.equals(TEXT));

  // another user, no token, the public media folder, a wrong pairing: nothing
  t.is((await callApi(app.server, 'GET', new URL(r.body.attachment_urls[0]).pathname, stranger.auth)).status, 404);
  t.is((await callApi(app.server, 'GET', new URL(r.body.attachment_urls[0]).pathname, {})).status, 401);
  t.is((await callApi(app.server, 'GET', `/media/${r.body.attachment_paths[0]}`, {})).status, 404);
  const other = await buildTicket(app.server, owner);
  const attachmentId = r.body.attachment_urls[0].split('/').at(-2);
  t.is((await callApi(app.server, 'GET', `/api/support-tickets/${other.id}/attachments/${attachmentId}/`, owner.auth)).status, 404);
  t.true([400, 404].includes((await callApi(app.server, 'GET', `/api/support-tickets/${r.body.id}/attachments/..%2F..%2Fetc/`, owner.auth)).status), 'a path trick is refused (400 invalid_path at the edge)');
  t.is((await callApi(app.server, 'GET', `/api/support-tickets/${r.body.id}/attachments/not-an-id/`, owner.auth)).status, 404);
});

// serial: it counts folders, which the other tests of this file create
test.serial('bad type, too big, too many and empty files are refused by content, and nothing is kept', async (t) => {
  const before = (await attachmentDirs()).length;
  const base = { subject: 'files', description: 'files' };
  const exe = await post(owner, { ...base, attachments: { filename: 'photo.png', contentType: 'image/png', data: EXE } });
  t.is(exe.status, 415);
  t.is(exe.body.error.code, 'unsupported_file_type');
  const binary = await post(owner, { ...base, attachments: { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0]) } });
  t.is(binary.status, 415, 'text must be text');
  const big = await post(owner, { ...base, attachments: { filename: 'big.txt', data: Buffer.alloc(MAX_BYTES + 1, 0x61) } });
  t.is(big.status, 413);
  t.is(big.body.error.code, 'file_too_large');
  t.is(big.body.error.details[0].path, 'attachments.0');
  const many = await post(owner, { ...base, attachments: Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.txt`, data: TEXT })) });
  t.is(many.status, 400);
  t.is(many.body.error.code, 'too_many_attachments');
  const empty = await post(owner, { ...base, attachments: { filename: 'empty.txt', data: Buffer.alloc(0) } });
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'empty_file');
  // a good file next to a bad one: the whole request fails and the good one is not kept
  const mixed = await post(owner, { ...base, attachments: [{ filename: 'ok.txt', data: TEXT }, { filename: 'bad.bin', data: EXE }] });
  t.is(mixed.status, 415);
  const missingField = await post(owner, { subject: 'only subject', attachments: { filename: 'ok.txt', data: TEXT } });
  t.is(missingField.status, 400);
  // refused after the files were written (an unknown category is found in the transaction): they are removed
  const lateFailure = await post(owner, { ...base, help_category_ids: '00000000-0000-4000-8000-000000000000', attachments: { filename: 'ok.txt', data: TEXT } });
  t.is(lateFailure.status, 400);
  t.is(lateFailure.body.error.details[0].path, 'help_category_ids.0');
  const leftovers = await Promise.all((await attachmentDirs()).map((d) => fs.readdir(path.join(app.config.mediaRoot, 'support-attachments', d))));
  t.deepEqual(leftovers.flat(), [], 'no file left behind');
  t.is((await attachmentDirs()).length, before, 'no folder left behind by refused uploads');

  const json = await callApi(app.server, 'POST', '/api/support-tickets/', owner.auth, { ...base, attachments: [{ filename: 'x', data: 'aGVsbG8=' }] });
  t.is(json.status, 400);
  t.is(json.body.error.code, 'attachments_need_multipart');
  const textPart = await post(owner, { ...base, attachments: 'not a file' });
  t.is(textPart.status, 400);
});

test('PATCH with multipart adds attachments up to the limit; DELETE removes the files; a stranger cannot add any', async (t) => {
  const created = await post(owner, { subject: 's', description: 'd', 'attachments[0]': { filename: 'a.txt', data: TEXT } });
  t.is(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const added = await callMultipart(app.server, 'PATCH', `/api/support-tickets/${id}/`, owner.auth, { priority: 'low', attachments: [{ filename: 'b.png', data: await solidPng() }, { filename: 'Rechnung Größe.pdf', data: PDF }] });
  t.is(added.status, 200, JSON.stringify(added.body));
  t.is(added.body.attachment_paths.length, 3);
  t.is(added.body.priority, 'low');
  t.is(added.body.attachment_paths[0], created.body.attachment_paths[0], 'existing files stay first');
  const pdf = await callApi(app.server, 'GET', new URL(added.body.attachment_urls[2]).pathname, owner.auth);
  t.is(pdf.headers['content-type'], 'application/pdf');
  t.is(pdf.headers['content-disposition'], `attachment; filename="Rechnung Gro_e.pdf"; filename*=UTF-8''${encodeURIComponent('Rechnung Größe.pdf')}`);
  const over = await callMultipart(app.server, 'PATCH', `/api/support-tickets/${id}/`, owner.auth, { attachments: { filename: 'd.txt', data: TEXT } });
  t.is(over.status, 400);
  t.is(over.body.error.code, 'too_many_attachments');
  const foreign = await callMultipart(app.server, 'PATCH', `/api/support-tickets/${id}/`, stranger.auth, { attachments: { filename: 'd.txt', data: TEXT } });
  t.is(foreign.status, 404);

  const folder = path.join(app.config.mediaRoot, 'support-attachments', id);
  t.is((await fs.readdir(folder)).length, 3);
  t.is((await callApi(app.server, 'DELETE', `/api/support-tickets/${id}/`, owner.auth)).status, 204);
  await t.throwsAsync(fs.access(folder));
});
