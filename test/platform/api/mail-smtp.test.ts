// E-mail over real SMTP (SMTP_URL set): the code reaches an SMTP server started by
// the test; when the server is down the mail job retries and the outbox row waits.
import test from 'ava';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from '../../helpers/app.js';
import { uniqueEmail } from '../../factories/users.js';
import { closedPort } from '../../helpers/tcp-proxy.js';
import { waitFor } from '../../helpers/wait.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function smtpServer(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtpUrl = (port: number) => `smtp://127.0.0.1:${port}/?ignoreTLS=true`;

async function codeOver(received: Received[], email: string, timeoutMs = 15_000): Promise<string> {
  return waitFor(() => {
    const mail = received.find((m) => m.to.includes(email));
    return mail && /^Subject: .*?(\d{6})/m.exec(mail.raw)?.[1];
  }, { timeoutMs, intervalMs: 50, message: `an e-mail to ${email} over SMTP` });
}

const apps: TestApp[] = [];
test.after.always(async () => {
  for (const a of apps) await a.stop();
});

const register = (app: TestApp, email: string) =>
  app.server.inject({ method: 'POST', url: '/api/auth/register/', payload: { email, password: 'Sup3r-Secret!', first_name: 'Smtp', last_name: 'Test' } });

test.serial('register: the code arrives over SMTP and verifies the address', async (t) => {
  const smtp = await smtpServer();
  t.teardown(() => smtp.close());
  const app = await startApp({ workers: ['mail'], env: { SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: 'Inventory <no-reply@inventory.test>' } });
  apps.push(app);

  const email = uniqueEmail('smtp');
  t.is((await register(app, email)).statusCode, 201);
  const code = await codeOver(smtp.received, email);
  const mail = smtp.received.find((m) => m.to.includes(email))!;
  t.is(mail.from, 'no-reply@inventory.test');
  t.regex(mail.raw, /^Subject: Your verification code: \d{6}/m);
  t.true(mail.raw.includes(code), 'the code is in the body too');

  const verify = await app.server.inject({ method: 'POST', url: '/api/auth/verify-email/', payload: { email, otp_code: code } });
  t.is(verify.statusCode, 200);
  const row = await app.server.app.platform.knex('outbound_emails').where({ to_address: email }).first();
  t.like(row, { status: 'sent', transport: 'smtp', attempts: 1, body_sealed: null });
  t.truthy(row.message_id);
});

test.serial('SMTP down: the mail job retries, the outbox row is kept queued, and delivery happens once SMTP is back', async (t) => {
  const port = await closedPort();
  const app = await startApp({ workers: ['mail'], env: { SMTP_URL: smtpUrl(port) } });
  apps.push(app);
  const { knex, producer } = app.server.app.platform;

  const email = uniqueEmail('smtpdown');
  t.is((await register(app, email)).statusCode, 201, 'registration does not wait for the mail server');

  const row = await waitFor(async () => {
    const r = await knex('outbound_emails').where({ to_address: email }).first();
    return r?.attempts > 0 && r;
  }, { intervalMs: 50, message: 'a first delivery attempt' });
  t.is(row.status, 'queued');
  t.true(row.attempts > 0);
  t.truthy(row.last_error);
  t.truthy(row.body_sealed, 'the message is kept until it is delivered');
  const job = await producer.getJob(`mail-send-${row.id}`, 'mail');
  t.truthy(job);
  // the handler has written the row and is rethrowing; BullMQ moves the job next
  const state = await waitFor(async () => {
    const s = await job!.getState();
    return s !== 'active' && s;
  }, { intervalMs: 20, message: 'the failed attempt moved on' });
  t.is(state, 'delayed', 'a retry is scheduled with backoff');

  // the mail server comes back on the same port: the next attempt delivers
  const smtp = await smtpServer(port);
  t.teardown(() => smtp.close());
  const code = await codeOver(smtp.received, email, 20_000);
  const verify = await app.server.inject({ method: 'POST', url: '/api/auth/verify-email/', payload: { email, otp_code: code } });
  t.is(verify.statusCode, 200);
  const sent = await knex('outbound_emails').where({ id: row.id }).first();
  t.is(sent.status, 'sent');
  t.true(sent.attempts >= 2);
  t.is(smtp.received.filter((m) => m.to.includes(email)).length, 1, 'delivered exactly once');
});
