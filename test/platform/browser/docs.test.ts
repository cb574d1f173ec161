// The interactive documentation in a real browser against the real `web` process:
// sign in at /api/docs-login/, then Swagger UI's Try it out reaches the server it
// came from (under the page's CSP) for a public and an authenticated operation.
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { buildUser, type TestUser } from '../../factories/users.js';
import { browserStage, hasChromium, screenshot } from '../../helpers/browser.js';

// the page's globals, for the functions that run inside the browser (the Node types do not declare them)
declare const document: { getElementById(id: string): { textContent: string | null } | null };
declare const location: { pathname: string };

const browserTest = hasChromium ? test.serial : test.skip;
if (!hasChromium) console.log('browser tests skipped: /usr/bin/chromium is not installed (apt-get install chromium)');

let user: TestUser;
const stage = browserStage(test, {
  prepare: async (app) => {
    user = await buildUser(app.server);
  },
});

/**
 * Opens one operation by its deep link, presses Try it out and Execute, and returns the
 * status Swagger UI shows and the body the browser received (read from the network, not
 * from the page: Swagger UI may redraw the operation after it shows the status).
 */
async function tryItOut(page: Page, tag: string, operationId: string, path: string): Promise<{ status: string; body: string }> {
  const block = `#operations-${tag}-${operationId}`;
  // a fresh load: Swagger UI reads the deep link when it starts, not on a hash change
  await page.goto('about:blank');
  await page.goto(`${stage.web.base}/api/docs/#/${tag}/${operationId}`);
  await page.waitForSelector(`${block} .try-out__btn`, { timeout: 30_000 });
  await page.click(`${block} .try-out__btn`);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET', { timeout: 30_000 });
  await page.click(`${block} .execute`);
  const body = await (await answered).text();
  const status = await page.waitForSelector(`${block} .live-responses-table .response .response-col_status`, { timeout: 30_000 });
  return { status: (await status!.evaluate((el) => el.textContent ?? '')).trim(), body };
}

browserTest('docs login, then Try it out on a public and an authenticated operation', async (t) => {
  const page = await stage.browser.newPage();
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Failed to fetch/i.test(m.text())) blocked.push(m.text());
  });

  await page.goto(`${stage.web.base}/api/docs-login/`);
  await screenshot(page, 'docs-login');
  await page.type('#e', user.email);
  await page.type('#p', user.password);
  await page.click('#f button');
  // the login hashes a password and then loads Swagger UI: on a busy machine that is slow,
  // so wait for either outcome (the docs open, or the page shows why not) and say which
  await page.waitForFunction(() => location.pathname === '/api/docs/' || /^(?!Logged in).+/.test(document.getElementById('out')?.textContent ?? ''), { timeout: 90_000 });
  const shown = await page.evaluate(() => document.getElementById('out')?.textContent ?? '').catch(() => '');
  t.is(new URL(page.url()).pathname, '/api/docs/', `the login page opens the documentation (${shown})`);
  await page.waitForSelector('.opblock', { timeout: 60_000 });
  await screenshot(page, 'docs-swagger-ui');

  t.regex((await tryItOut(page, 'platform', 'getApiHealth', '/api/health/')).status, /^200/);
  const me = await tryItOut(page, 'profiles', 'getApiProfilesMe', '/api/profiles/me/');
  await screenshot(page, 'docs-try-it-out-authenticated');
  t.regex(me.status, /^200/, 'the stored token is sent');
  t.true(me.body.includes(user.email), `the answer is the caller's profile (${me.body.slice(0, 300)})`);
  t.deepEqual(blocked, []);
});
