// The browsable API: a browser (Accept preferring text/html, or ?format=api) gets an HTML
// page for the root index, the lists and the rows; it holds no data (the page's script
// fetches the JSON with the stored token), runs under a hash-based CSP and escapes what
// it echoes. Everyone else keeps getting the same JSON.
import test from 'ava';
import { createHash } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let user: TestUser;
const CHROME_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
  const inventory = await callApi(app.server, 'POST', '/api/inventories/', user.auth, { name: `Browsable ${HOSTILE}` });
  if (inventory.status !== 201) throw new Error(`inventory: ${inventory.status} ${JSON.stringify(inventory.body)}`);
  const product = await callApi(app.server, 'POST', '/api/products/', user.auth, { product_name: `Product ${HOSTILE}` });
  if (product.status !== 201) throw new Error(`product: ${product.status} ${JSON.stringify(product.body)}`);
});
test.after.always(async () => {
  await app?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });
const isHtml = (res: { headers: Record<string, unknown> }) => /^text\/html/.test(String(res.headers['content-type']));
const isJson = (res: { headers: Record<string, unknown> }) => /^application\/json/.test(String(res.headers['content-type']));

test('the root index: HTML to a browser, the same JSON to everyone else', async (t) => {
  const plain = await get('/api/');
  t.is(plain.statusCode, 200);
  t.true(isJson(plain));
  t.is(JSON.parse(plain.payload).name, 'Inventory Platform API');
  for (const accept of ['application/json', '*/*', 'text/html, application/json', 'text/html;q=0.5, application/json', 'text/html;q=0', 'application/xml']) {
    const res = await get('/api/', { accept });
    t.is(res.statusCode, 200, accept);
    t.true(isJson(res), `${accept} gets JSON`);
    t.is(res.payload, plain.payload, `${accept}: byte for byte`);
  }
  t.is((await get('/api/?format=json', { accept: CHROME_ACCEPT })).payload, plain.payload, '?format=json wins over Accept');

  for (const [url, accept] of [['/api/', CHROME_ACCEPT], ['/api/', 'application/json;q=0.5, text/html'], ['/api/', 'text/*'], ['/api/?format=api', ''], ['/api/?format=api', 'application/json']]) {
    const res = await get(url, accept ? { accept } : {});
    t.is(res.statusCode, 200, `${url} ${accept}`);
    t.true(isHtml(res), `${url} with ${accept || 'no Accept'} gets HTML`);
    t.regex(res.payload, /<h1>\/api\/<\/h1>/);
    t.regex(res.payload, /Allow: <code>GET<\/code>/);
    t.notRegex(res.payload, /quick_start/, 'the page holds no data: its script fetches the JSON');
    t.notRegex(res.payload, /id="post-form"/, 'no POST here, no form');
  }
});

test('the page runs under its own hash-based policy, with no inline handlers', async (t) => {
  const res = await get('/api/inventories/', { accept: CHROME_ACCEPT });
  t.is(res.statusCode, 200);
  const policy = String(res.headers['content-security-policy']);
  t.regex(policy, /default-src 'none'/);
  t.notRegex(policy, /unsafe-inline|unsafe-eval/);
  t.regex(policy, /connect-src 'self'/);
  const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
  const script = /<script>([\s\S]*?)<\/script>/.exec(res.payload)![1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(res.payload)![1];
  t.true(policy.includes(`script-src 'self' ${hashOf(script)}`), 'the inline script is allowed by its hash');
  t.true(policy.includes(`style-src 'self' ${hashOf(style)}`), 'the inline style is allowed by its hash');
  t.notRegex(res.payload, /\son[a-z]+\s*=/i, 'no inline event handler');
  t.notRegex(res.payload, /style="/, 'no inline style attribute');
  t.is(res.headers['x-frame-options'], 'DENY');
  t.is(res.headers['x-content-type-options'], 'nosniff');
  t.is(res.headers['cache-control'], 'no-store');
  t.regex(String(res.headers.vary), /accept/);
});

test('a collection: the shell without a token reveals nothing but the path, its methods and the POST form', async (t) => {
  const res = await get('/api/inventories/', { accept: CHROME_ACCEPT });
  t.is(res.statusCode, 200, 'served before authentication');
  t.true(isHtml(res));
  t.regex(res.payload, /<h1>\/api\/inventories\/<\/h1>/);
  t.regex(res.payload, /Allow: <code>GET, POST<\/code>/);
  t.regex(res.payload, /<form id="post-form">/);
  t.regex(res.payload, /<textarea id="post-body"[^>]*>\{\n {2}&#34;name&#34;: &#34;Workshop&#34;/, 'the documented example, escaped');
  t.notRegex(res.payload, /Browsable/, 'no row of anyone');
  // with a token in the request the page is the same shell: data only ever travels as JSON
  const withToken = await get('/api/inventories/', { accept: CHROME_ACCEPT, ...user.auth });
  t.is(withToken.payload, res.payload);

  // a list without POST has no form
  const reports = await get('/api/reports/', { accept: CHROME_ACCEPT });
  t.true(isHtml(reports));
  t.regex(reports.payload, /Allow: <code>GET<\/code>/);
  t.notRegex(reports.payload, /id="post-form"/);
});

test('a collection as JSON: unchanged for JSON clients, and ?format=json is not a query error', async (t) => {
  const plain = await get('/api/inventories/', user.auth);
  t.is(plain.statusCode, 200);
  t.true(isJson(plain));
  const page = JSON.parse(plain.payload);
  t.true(page.results.some((r: { name: string }) => r.name === `Browsable ${HOSTILE}`), 'the hostile name is stored as sent');
  for (const headers of [{ accept: 'application/json' }, { accept: '*/*' }, { accept: 'text/html;q=0.1, application/json' }]) {
    const res = await get('/api/inventories/', { ...user.auth, ...headers });
    t.is(res.payload, plain.payload, headers.accept);
  }
  const forced = await get('/api/inventories/?format=json', { ...user.auth, accept: CHROME_ACCEPT });
  t.is(forced.statusCode, 200);
  t.is(forced.payload, plain.payload);
  // page links keep working with the parameter beside the list's own
  const paged = await get('/api/inventories/?page_size=1&format=json', user.auth);
  t.is(paged.statusCode, 200);
  t.is(JSON.parse(paged.payload).results.length, 1);
  // an unauthenticated JSON request is still refused as JSON
  const anonymous = await get('/api/inventories/?format=json');
  t.is(anonymous.statusCode, 401);
  t.true(isJson(anonymous));
});

test('an unknown ?format is a documented 400, not HTML and not a 500', async (t) => {
  const res = await callApi(app.server, 'GET', '/api/inventories/?format=xml', user.auth);
  t.is(res.status, 400);
  t.is(res.body.error.code, 'validation_error');
  t.true(res.body.error.details.some((d: { path: string }) => d.path === 'format'));
});

test('hostile strings: a product name never reaches the page, an echoed path is escaped', async (t) => {
  const json = await get('/api/products/', user.auth);
  t.true(json.payload.includes('Product <img src=x onerror=\\"window.__pwned=1\\">'), 'JSON carries the name as data');
  const html = await get('/api/products/', { ...user.auth, accept: CHROME_ACCEPT });
  t.true(isHtml(html));
  t.false(html.payload.includes('__pwned'), 'the data is not in the page (the browser test shows how it is rendered)');

  // a row's path is echoed before its id is validated: escaped
  const row = await get('/api/inventories/%3Cimg%20src=x%20onerror=alert(1)%3E/', { accept: CHROME_ACCEPT });
  t.is(row.statusCode, 200);
  t.true(isHtml(row));
  t.false(/<img/i.test(row.payload), 'no markup from the path');
  t.regex(row.payload, /<h1>\/api\/inventories\/(%3Cimg|&#60;img)[^<]*<\/h1>/);
  // the same path as JSON is the documented validation error
  const asJson = await callApi(app.server, 'GET', '/api/inventories/%3Cimg%20src=x%20onerror=alert(1)%3E/', user.auth);
  t.is(asJson.status, 400);
});

test('only GET answers that are JSON objects are browsable: writes, files and pages keep their types', async (t) => {
  // another user: the other tests compare this user's list
  const writer = await buildUser(app.server);
  const post = await app.server.inject({ method: 'POST', url: '/api/inventories/', headers: { ...writer.auth, accept: CHROME_ACCEPT }, payload: { name: 'Posted from a browser' } });
  t.is(post.statusCode, 201);
  t.true(isJson(post));
  const document = await get('/api/openapi.json', { accept: CHROME_ACCEPT });
  t.true(isJson(document), 'the OpenAPI document stays JSON');
  const login = await get('/api/docs-login/', { accept: CHROME_ACCEPT });
  t.regex(login.payload, /Docs login/, 'the docs login page is its own page');
});
