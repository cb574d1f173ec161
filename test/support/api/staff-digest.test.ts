// Staff hear of new tickets in one periodic digest e-mail, not one e-mail per ticket
// (issue 22, item 2); e-mails mask long digit runs of a subject (item 7); notification
// mail waits behind one-time codes in the mail queue.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';
import { mailsTo } from '../../helpers/mail.js';
import { waitFor } from '../../helpers/kyc.js';
import { NOTIFICATION_MAIL_PRIORITY } from '../../../domain/shared/mail-service.js';

const SLOW = 30_000;
let app: TestApp;
let owner: TestUser;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: ['support', 'mail'], env: { SUPPORT_SWEEP_EVERY_MINUTES: '0', SUPPORT_STAFF_DIGEST_EVERY_MINUTES: '0' } });
  [owner, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true })]);
});
test.after.always(async () => {
  await app?.stop();
});

const notified = (ticketId: string) =>
  waitFor('ticket notified', async () => (await app.server.app.platform.knex('support_ticket_events').where({ ticket_id: ticketId, kind: 'created' }).whereNotNull('notified_at')).length > 0, SLOW);

test.serial('new tickets reach each staff member in one digest e-mail, with long digit runs masked; a second run sends nothing', async (t) => {
  const a = await buildTicket(app.server, owner, { subject: 'Card 4111 1111 1111 1234 was declined' });
  const b = await buildTicket(app.server, owner);
  await Promise.all([notified(a.id), notified(b.id)]);
  const digest = app.server.app.services.support.digest;
  const through = new Date(Date.now() + 1000);
  t.deepEqual(await digest.send({ staffIds: [staff.id], through }), { mailed: 1 });
  const mails = await waitFor('digest e-mail', async () => {
    const all = await mailsTo(app.config, staff.email);
    return all.length ? all : false;
  }, SLOW);
  t.is(mails.length, 1, 'one e-mail for both tickets, none per ticket');
  const mail = mails[0].replace(/=\r?\n/g, ''); // quoted-printable soft line breaks
  t.true(mail.includes(a.ticket_number) && mail.includes(b.ticket_number));
  t.regex(mail, /\d+ new support tickets/, 'other test files add tickets to the window');
  // (on the ticket's own line: the rest of the message holds other files' random ticket numbers and ids)
  const line = mail.split(/\r?\n/).find((l) => l.trim().startsWith(`${a.ticket_number} (`));
  t.truthy(line, mail);
  t.false(line!.includes('4111'), 'the card number is masked');
  t.regex(line!, /1234 was declined$/);
  t.false(mail.includes(a.description));
  t.deepEqual(await digest.send({ staffIds: [staff.id], through }), { mailed: 0 }, 'the watermark moved with the e-mail');

  const row = await app.server.app.platform.knex('outbound_emails').where({ to_address: staff.email, template: 'support.staff_digest' }).first();
  const job = await app.server.app.platform.producer.getJob(`mail-send-${row.id}`, 'mail');
  t.is(job?.opts.priority, NOTIFICATION_MAIL_PRIORITY, 'notification mail waits behind codes');
});

test.serial('a sign-up code is queued without a priority, ahead of every notification mail', async (t) => {
  const email = `code-${randomBytes(4).toString('hex')}@example.com`;
  const res = await callApi(app.server, 'POST', '/api/auth/register/', {}, { email, password: 'Sup3r-Secret!', first_name: 'Ada', last_name: 'Lovelace' });
  t.is(res.status, 201, JSON.stringify(res.body));
  const row = await app.server.app.platform.knex('outbound_emails').where({ to_address: email }).first();
  const job = await app.server.app.platform.producer.getJob(`mail-send-${row.id}`, 'mail');
  t.truthy(job);
  t.falsy(job!.opts.priority);
});

test.serial('a reply e-mailed to the owner is notification mail', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  t.is((await callApi(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply/`, staff.auth, { message: 'On it.' })).status, 201);
  const row = await waitFor('reply e-mail', async () => (await app.server.app.platform.knex('outbound_emails').where({ to_address: owner.email, template: 'support.replied' }))[0] ?? false, SLOW);
  const job = await waitFor('mail job', async () => (await app.server.app.platform.producer.getJob(`mail-send-${row.id}`, 'mail')) ?? false, SLOW);
  t.is(job.opts.priority, NOTIFICATION_MAIL_PRIORITY);
});
