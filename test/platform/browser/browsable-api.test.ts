// The browsable API in a real browser against the real `web` process: sign in at the
// docs login, open /api/ and follow its link to a collection, see the rows (a hostile
// name shown as text, never run), page through, and create a row with the POST form.
// Without a token the same page shows the 401 and no data.
import test from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { buildUser, type TestUser } from '../../factories/users.js';
import { callApi } from '../../helpers/http.js';
import { buildTeam, created, teamScope } from '../../factories/inventory.js';
import { browserStage, hasChromium, screenshot } from '../../helpers/browser.js';

const browserTest = hasChromium ? test.serial : test.skip;
if (!hasChromium) console.log('browser tests skipped: /usr/bin/chromium is not installed (apt-get install chromium)');

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
let user: TestUser;
let teamId: number;
const blocked: string[] = [];

// the free plan's inventory limit is not what this tests (the in-process app has it off too)
const stage = browserStage(test, {
  env: { BILLING_PLAN_LIMITS: 'off' },
  async prepare(app) {
    user = await buildUser(app.server);
    for (const name of ['Browsable shelf A', 'Browsable shelf B', `Browsable ${HOSTILE}`]) {
      const res = await callApi(app.server, 'POST', '/api/inventories/', user.auth, { name });
      if (res.status !== 201) throw new Error(`inventory: ${res.status} ${JSON.stringify(res.body)}`);
    }
    teamId = await buildTeam(app.server, user);
    await created(app.server, '/api/inventories/', teamScope(user, teamId), { name: 'Team shelf' });
  },
});

/** A page that records what the browser blocked or what a script threw. */
async function watchedPage(target: Browser | Awaited<ReturnType<Browser['createBrowserContext']>> = stage.browser): Promise<Page> {
  const page = await target.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
  });
  page.on('pageerror', (err) => blocked.push(`page error: ${String(err)}`));
  return page;
}

/** Waits until the page's script has shown the answer of its JSON request, and returns the status line. */
async function loaded(page: Page): Promise<string> {
  await page.waitForFunction(() => /^HTTP \d{3}/.test(document.getElementById('status')?.textContent ?? ''), { timeout: 60_000 });
  return page.$eval('#status', (el) => el.textContent ?? '');
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${stage.web.base}/api/docs-login/`);
  await page.type('#e', user.email);
  await page.type('#p', user.password);
  await page.click('#f button');
  // the login stores the token and opens the documentation (slow on a busy machine)
  await page.waitForFunction(() => location.pathname === '/api/docs/' || /^(?!Logged in).+/.test(document.getElementById('out')?.textContent ?? ''), { timeout: 90_000 });
  if (new URL(page.url()).pathname !== '/api/docs/') throw new Error(`docs login: ${await page.$eval('#out', (el) => el.textContent).catch(() => '?')}`);
}

browserTest('log in, open /api/, follow the link to a collection and see its rows; a hostile name is only text', async (t) => {
  const page = await watchedPage();
  await logIn(page);

  await page.goto(`${stage.web.base}/api/`);
  t.regex(await loaded(page), /^HTTP 200/);
  t.regex(await page.$eval('#body', (el) => el.textContent ?? ''), /"name": "Inventory Platform API"/);
  await screenshot(page, 'browsable-root');

  // the endpoint map's URLs are links
  const href = `${stage.web.base}/api/inventories/`;
  const link = await page.$(`#body a[href="${href}"]`);
  t.truthy(link, 'the collection URL in the index is a link');
  await Promise.all([page.waitForNavigation(), link!.click()]);
  t.is(page.url(), href);
  t.regex(await loaded(page), /^HTTP 200/);
  t.is(await page.$eval('h1', (el) => el.textContent), '/api/inventories/');
  t.regex(await page.$eval('.allow', (el) => el.textContent ?? ''), /GET, POST/);
  const shown = await page.$eval('#body', (el) => el.textContent ?? '');
  t.true(shown.includes('"name": "Browsable shelf A"'));
  t.true(shown.includes(JSON.stringify(`Browsable ${HOSTILE}`)), 'the hostile name is shown as the JSON string it is');
  t.is(await page.$('#body img, #body script'), null, 'no markup came from the data');
  t.is(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'nothing from the data ran');
  await screenshot(page, 'browsable-inventories');

  // pages: next and previous are links the page follows
  await page.goto(`${stage.web.base}/api/inventories/?page_size=1`);
  t.regex(await loaded(page), /^HTTP 200/);
  t.regex(await page.$eval('#pages', (el) => el.textContent ?? ''), /in all/);
  await Promise.all([page.waitForNavigation(), page.click('#page-next')]);
  t.is(new URL(page.url()).searchParams.get('page'), '2');
  t.regex(await loaded(page), /^HTTP 200/);
  t.truthy(await page.$('#page-previous'));
  const asJson = new URL(await page.$eval('#as-json', (el) => (el as HTMLAnchorElement).href));
  t.deepEqual([asJson.searchParams.get('page'), asJson.searchParams.get('format')], ['2', 'json'], 'the JSON link keeps the page');
  await screenshot(page, 'browsable-inventories-page-2');
  t.deepEqual(blocked, []);
});

browserTest('the POST form creates a row with the stored token', async (t) => {
  const page = await watchedPage();
  // the token is in this origin's localStorage from the first test (same browser profile)
  await page.goto(`${stage.web.base}/api/inventories/`);
  t.regex(await loaded(page), /^HTTP 200/);
  const name = `Made in the browser <b>${Date.now()}</b>`;
  await page.$eval('#post-body', (el, body) => ((el as HTMLTextAreaElement).value = body), JSON.stringify({ name, description: 'through the browsable API' }));
  await page.click('#post-form button');
  await page.waitForFunction(() => /^HTTP \d{3}/.test(document.getElementById('post-status')?.textContent ?? ''), { timeout: 60_000 });
  t.regex(await page.$eval('#post-status', (el) => el.textContent ?? ''), /^HTTP 201/);
  t.true((await page.$eval('#post-result', (el) => el.textContent ?? '')).includes(JSON.stringify(name)));
  // the list is read again and shows the new row
  await page.waitForFunction((n) => (document.getElementById('body')?.textContent ?? '').includes(n), { timeout: 60_000 }, JSON.stringify(name));
  await screenshot(page, 'browsable-post');

  const list = await callApi(stage.app.server, 'GET', '/api/inventories/?page_size=100', user.auth);
  t.true(list.body.results.some((r: { name: string; description: string }) => r.name === name && r.description === 'through the browsable API'), 'the row exists for the user');

  // a body that is not JSON is refused by the page, nothing is sent
  await page.$eval('#post-body', (el) => ((el as HTMLTextAreaElement).value = '{not json'));
  await page.click('#post-form button');
  await page.waitForFunction(() => /^Not JSON/.test(document.getElementById('post-status')?.textContent ?? ''), { timeout: 30_000 });
  t.deepEqual(blocked, []);
});

browserTest('the scope control sends X-Profile-Type and X-Team-Id', async (t) => {
  const page = await watchedPage();
  await page.goto(`${stage.web.base}/api/inventories/`);
  t.regex(await loaded(page), /^HTTP 200/);
  t.false((await page.$eval('#body', (el) => el.textContent ?? '')).includes('Team shelf'), 'self scope by default');
  await page.select('#scope-type', 'team');
  await page.type('#scope-team', String(teamId));
  await page.click('#scope button');
  await page.waitForFunction(() => (document.getElementById('body')?.textContent ?? '').includes('Team shelf'), { timeout: 60_000 });
  t.false((await page.$eval('#body', (el) => el.textContent ?? '')).includes('Browsable shelf A'), 'only the team\'s rows');
  await screenshot(page, 'browsable-team-scope');
  // kept for the next page of this origin, until changed back
  await page.reload();
  t.regex(await loaded(page), /^HTTP 200/);
  t.true((await page.$eval('#body', (el) => el.textContent ?? '')).includes('Team shelf'));
  await page.select('#scope-type', 'self');
  await page.click('#scope button');
  await page.waitForFunction(() => (document.getElementById('body')?.textContent ?? '').includes('Browsable shelf A'), { timeout: 60_000 });
  t.deepEqual(blocked, []);
});

browserTest('without a token the page shows the refusal and no data', async (t) => {
  const context = await stage.browser.createBrowserContext();
  try {
    const page = await watchedPage(context);
    await page.goto(`${stage.web.base}/api/inventories/`);
    t.regex(await loaded(page), /^HTTP 401/);
    const shown = await page.$eval('#body', (el) => el.textContent ?? '');
    t.false(shown.includes('Browsable shelf'));
    t.regex(shown, /"code": "/);
    t.is(await page.$eval('#who', (el) => el.textContent), 'Not logged in');
    await screenshot(page, 'browsable-anonymous');
  } finally {
    await context.close();
  }
  t.deepEqual(blocked, []);
});
