// The staff admin in headless Chromium against the real `web` process: staff sign in,
// find a user and deactivate them (their next API call is 401), open the queue
// dashboard from the navigation; a non-staff sign-in is refused; a form sent without
// its CSRF token is refused. Screenshots under var/screenshots/.
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { buildUser, type TestUser } from '../../factories/users.js';
import { browserStage, hasChromium, screenshot } from '../../helpers/browser.js';
import { ADMIN_REFUSED } from '../../../domain/admin/admin-session-service.js';

const browserTest = hasChromium ? test.serial : test.skip;
if (!hasChromium) console.log('browser tests skipped: /usr/bin/chromium is not installed (apt-get install chromium)');

let staff: TestUser;
const stage = browserStage(test, {
  prepare: async (app) => {
    staff = await buildUser(app.server, { is_staff: true });
  },
});

const isActive = async (id: string) => (await stage.app.server.app.platform.knex('users').where({ id }).first()).is_active as boolean;
const apiMe = (user: TestUser) => fetch(`${stage.web.base}/api/profiles/me/`, { headers: user.auth }).then((r) => r.status);

/** Signs in through the form; resolves once the next page has loaded. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stage.web.base}/admin/`);
  await page.waitForSelector('#login-form', { timeout: 30_000 });
  await page.type('input[name=email]', email);
  await page.type('input[name=password]', password);
  // the sign-in hashes a password: generous on a loaded machine
  await Promise.all([page.waitForNavigation({ timeout: 90_000 }), page.click('#login-form button[type=submit]')]);
}

/** Searches the users list for an e-mail and opens the one row found. */
async function openUser(page: Page, email: string): Promise<void> {
  await page.goto(`${stage.web.base}/admin/users/`);
  await page.type('#filters input[name=search]', email);
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#filters button[type=submit]')]);
  const count = await page.$eval('#count', (el) => el.textContent);
  if (count !== '(1)') throw new Error(`searching ${email} found ${count}`);
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#rows a.open')]);
}

browserTest('staff sign in, find a user and deactivate them: their next API call is 401', async (t) => {
  const user = await buildUser(stage.app.server);
  t.is(await apiMe(user), 200, 'the user works against the web process before');
  const context = await stage.browser.createBrowserContext();
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`${stage.web.base}/admin/login/`);
  await screenshot(page, 'admin-login');
  await signIn(page, staff.email, staff.password);
  t.is(new URL(page.url()).pathname, '/admin/');
  t.is(await page.$eval('#who', (el) => el.textContent), staff.email);
  await screenshot(page, 'admin-home');

  await openUser(page, user.email);
  t.is(new URL(page.url()).pathname, `/admin/users/${user.id}/`);
  await screenshot(page, 'admin-user-detail');
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('button[data-action=deactivate]')]);
  t.regex(await page.$eval('#notice', (el) => el.textContent ?? ''), /deactivated/);
  await screenshot(page, 'admin-user-deactivated');
  t.false(await isActive(user.id));
  t.is(await apiMe(user), 401, 'their next API call');
  t.deepEqual(blocked, [], 'nothing the page asked for was blocked by its CSP');
  await context.close();
});

browserTest('the queue dashboard opens from the admin navigation with the admin session', async (t) => {
  const context = await stage.browser.createBrowserContext();
  const page = await context.newPage();
  await signIn(page, staff.email, staff.password);
  await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#nav-queues')]);
  t.is(new URL(page.url()).pathname, '/admin/queues');
  // bull-board's page loads its API with the same cookie and lists every queue
  await page.waitForFunction(() => document.body.innerText.includes('system') && document.body.innerText.includes('mail'), { timeout: 60_000 });
  await screenshot(page, 'admin-queue-dashboard');
  // a change from the dashboard's own page passes the same-origin check (what its buttons send)
  const put = (path: string) => page.evaluate((url) => fetch(url, { method: 'PUT' }).then((r) => r.status), path);
  t.true((await put('/admin/queues/api/queues/system/pause')) < 300);
  t.true(await stage.app.server.app.platform.producer.queue('system').isPaused());
  t.true((await put('/admin/queues/api/queues/system/resume')) < 300);
  t.false(await stage.app.server.app.platform.producer.queue('system').isPaused());
  await context.close();
});

browserTest('a non-staff sign-in is refused with the bad-credentials answer', async (t) => {
  const plain = await buildUser(stage.app.server);
  const context = await stage.browser.createBrowserContext();
  const page = await context.newPage();
  await signIn(page, plain.email, plain.password);
  t.is(new URL(page.url()).pathname, '/admin/login/');
  t.is(await page.$eval('#login-error', (el) => el.textContent), ADMIN_REFUSED);
  await screenshot(page, 'admin-login-refused');
  t.false((await context.cookies()).some((c) => c.name === 'admin_sid'), 'no session cookie');
  await context.close();
});

browserTest('a form sent without its CSRF token is refused and changes nothing', async (t) => {
  const user = await buildUser(stage.app.server);
  const context = await stage.browser.createBrowserContext();
  const page = await context.newPage();
  await signIn(page, staff.email, staff.password);
  await openUser(page, user.email);
  // the DevTools protocol edits the page (no script of the page's own runs)
  const removed = await page.$$eval('#actions input[name=admin_crumb]', (inputs) => {
    for (const input of inputs) input.remove();
    return inputs.length;
  });
  t.true(removed > 0);
  const [response] = await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('button[data-action=deactivate]')]);
  t.is(response?.status(), 403);
  t.regex(await page.$eval('#error-message', (el) => el.textContent ?? ''), /security token/);
  await screenshot(page, 'admin-csrf-refused');
  t.true(await isActive(user.id));
  t.is(await apiMe(user), 200);
  await context.close();
});
