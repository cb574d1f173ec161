// Staff work in the admin, in headless Chromium against the real `web` process (the
// way the Procfile runs it) and the real verification microservice: answer a ticket
// with an internal note (the owner does not see it over the API), approve an in-house
// KYC applicant (the user's status changes over the API), and retry a failed job in
// the queue dashboard. Screenshots of each page under var/screenshots/.
import test from 'ava';
import nock from 'nock';
import type { Browser, Page } from 'puppeteer-core';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket } from '../../factories/support.js';
import { startKycStack, type KycStack } from '../../helpers/kyc.js';
import { submitInhouseApplicant } from '../../helpers/kyc-inhouse.js';
import { hasChromium, launchBrowser, screenshot, startWeb, type WebProcess } from '../../helpers/browser.js';
import { waitFor } from '../../helpers/wait.js';
import { startWorkers, type RunningWorkers } from '../../../workers/runner.js';

const browserTest = hasChromium ? test.serial : test.skip;
if (!hasChromium) console.log('browser tests skipped: /usr/bin/chromium is not installed (apt-get install chromium)');

let stack: KycStack;
let web: WebProcess;
let browser: Browser;
let staff: TestUser;
let mailWorkers: RunningWorkers | undefined;

test.before(async () => {
  if (!hasChromium) return;
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse' } });
  staff = await buildUser(stack.app.server, { is_staff: true });
  const { config } = stack.app;
  web = await startWeb({ ...stack.env, KYC_URL: stack.kycUrl, QUEUE_PREFIX: config.queuePrefix, SECRET_KEY: config.secretKey, MAIL_OUTBOX_DIR: config.mailOutboxDir });
  browser = await launchBrowser();
});
test.after.always(async () => {
  await browser?.close();
  await web?.stop();
  await mailWorkers?.close();
  await stack?.stop();
  nock.enableNetConnect();
});

/** A page signed in to the admin through its sign-in form (a browser context of its own: its own cookies). */
async function signedIn(): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  await page.goto(`${web.base}/admin/login/`);
  await page.type('#login-form input[name=email]', staff.email);
  await page.type('#login-form input[name=password]', staff.password);
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#login-form button[type=submit]')]);
  if (new URL(page.url()).pathname !== '/admin/') throw new Error(`sign-in did not reach the admin: ${page.url()}`);
  return page;
}

/** The API of the real web process, as a user's app calls it. */
async function api(user: TestUser, path: string, init: RequestInit = {}) {
  const res = await fetch(`${web.base}${path}`, { ...init, headers: { ...user.auth, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  return { status: res.status, body: await res.json() };
}

async function submitAndClick(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click(selector)]);
}

browserTest('answer a ticket with an internal note: staff see it, the owner does not', async (t) => {
  const owner = await buildUser(stack.app.server);
  const ticket = (await buildTicket(stack.app.server, owner, { subject: 'Scanner keeps disconnecting' })) as { id: string };
  const page = await signedIn();

  await page.goto(`${web.base}/admin/tickets/`);
  await page.waitForSelector(`a[href="/admin/tickets/${ticket.id}/"]`);
  await screenshot(page, 'admin-tickets-list');
  await submitAndClick(page, `a[href="/admin/tickets/${ticket.id}/"]`);
  t.is(new URL(page.url()).pathname, `/admin/tickets/${ticket.id}/`);
  await screenshot(page, 'admin-ticket-detail');

  await page.type('#reply-form textarea[name=message]', 'Firmware 2.1 fixes this; check the serial first.');
  await submitAndClick(page, '#add-note');
  t.regex(await page.$eval('#notice', (el) => el.textContent ?? ''), /internal note/);
  const notes = await page.$$eval('#replies li[data-internal="true"] pre', (els) => els.map((el) => el.textContent));
  t.deepEqual(notes, ['Firmware 2.1 fixes this; check the serial first.']);
  await screenshot(page, 'admin-ticket-internal-note');

  const seen = await api(owner, `/api/support-tickets/${ticket.id}/`);
  t.is(seen.status, 200);
  t.is(seen.body.reply_count, 0, 'the owner does not see the note');
  t.deepEqual(seen.body.replies, []);
  const replies = await api(owner, `/api/support-tickets/${ticket.id}/replies/`);
  t.is(replies.body.count, 0);
  await page.browserContext().close();
});

browserTest('approve an in-house KYC applicant: the document image shows, the user is verified over the API', async (t) => {
  const user = await buildUser(stack.app.server);
  const token = await api(user, '/api/v1/kyc/access-token/', { method: 'POST' });
  t.is(token.status, 200);
  await submitInhouseApplicant(token.body);
  t.is((await api(user, '/api/v1/kyc/status/')).body.status, 'in_review');

  const page = await signedIn();
  await page.goto(`${web.base}/admin/kyc/`);
  const link = await page.waitForSelector(`xpath///tr[td[contains(., "${user.email}")]]//a[contains(@class, "review-link")]`);
  await screenshot(page, 'admin-kyc-queue');
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), link!.click()]);
  t.true(page.url().includes('/admin/kyc/'));
  // the document image is served through the admin and decodes in the browser
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.kyc-image[data-side=front]');
    return !!img && img.complete && img.naturalWidth > 0;
  }, { timeout: 30_000 });
  t.is(await page.$eval('#personal-data', (el) => (el.textContent ?? '').includes('Lovelace')), true);
  await screenshot(page, 'admin-kyc-applicant');

  await page.type('#decision-form textarea[name=comment]', 'Document and selfie match.');
  await submitAndClick(page, '#approve');
  t.is(await page.$eval('#kyc-status', (el) => el.textContent), 'approved');
  await screenshot(page, 'admin-kyc-approved');

  const status = await api(user, '/api/v1/kyc/status/');
  t.is(status.body.status, 'approved');
  t.true(status.body.is_verified);
  await page.browserContext().close();
});

browserTest('retry a failed job in the queue dashboard: it runs again and completes', async (t) => {
  const { knex } = stack.app.server.app.platform;
  const { mail } = stack.app.server.app.services;
  // an e-mail whose job fails at once and for good (its body is missing: UnrecoverableError)…
  const emailId = await knex.transaction((trx) => mail.queue(trx, 'ops@example.test', 'test.retry', { subject: 'Retry me', text: 'retried', html: '<p>retried</p>' } as never));
  const { body_sealed: body } = await knex('outbound_emails').where({ id: emailId }).first();
  await knex('outbound_emails').where({ id: emailId }).update({ body_sealed: null });
  mailWorkers = await startWorkers(stack.app.config, ['mail']);
  await mail.dispatch([emailId]);
  const jobId = `mail-send-${emailId}`;
  const queue = stack.app.server.app.platform.producer.queue('mail');
  await waitFor(async () => (await queue.getJobState(jobId)) === 'failed', { message: 'the mail job to fail', timeoutMs: 60_000 });
  // …until its body is back: a retry now delivers it
  await knex('outbound_emails').where({ id: emailId }).update({ body_sealed: body });

  const page = await signedIn();
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#nav-queues')]);
  await page.goto(`${web.base}/admin/queues/queue/mail?status=failed`);
  await page.waitForFunction((id) => [...document.querySelectorAll('[class*="jobId"]')].some((el) => el.textContent === id), { timeout: 60_000 }, jobId);
  // the error tab shows the job's stack trace (highlighted by the dashboard's web worker, hence the wait)
  await page.waitForFunction(() => [...document.querySelectorAll('code.stacktrace')].some((c) => (c.textContent ?? '').includes('no_body: the e-mail has no body to send')), { timeout: 60_000 });
  await screenshot(page, 'admin-queues-failed');

  await page.evaluate((id) => {
    const label = [...document.querySelectorAll('[class*="jobId"]')].find((el) => el.textContent === id)!;
    let card: Element | null = label;
    while (card && !card.querySelector('[class*="jobActions"]')) card = card.parentElement;
    card!.querySelector('[class*="jobActions"] svg.lucide-refresh-cw')!.closest('button')!.click();
  }, jobId);
  const confirm = await page.waitForSelector('xpath///*[@role="alertdialog"]//button[normalize-space(.)="Confirm"]', { timeout: 30_000 });
  await confirm!.click();

  await waitFor(async () => (await queue.getJobState(jobId)) === 'completed', { message: 'the retried job to complete', timeoutMs: 60_000 });
  t.is((await knex('outbound_emails').where({ id: emailId }).first()).status, 'sent');
  await page.goto(`${web.base}/admin/queues/queue/mail?status=completed`);
  await page.waitForFunction((id) => [...document.querySelectorAll('[class*="jobId"]')].some((el) => el.textContent === id), { timeout: 60_000 }, jobId);
  await screenshot(page, 'admin-queues-retried');
  await page.browserContext().close();
});
