import test from 'ava';
import { startApp } from '/work/wt-hardedge/test/helpers/app.js';
import { buildUser } from '/work/wt-hardedge/test/factories/users.js';
test('probe', async (t) => {
  const app = await startApp({ workers: false, env: { LOG_LEVEL: 'error' } });
  const u = await buildUser(app.server);
  for (const p of ['{"a":', '{"a":1}', 'null']) {
  const r = await app.server.inject({ method: 'POST', url: '/api/invoice-import/bulk-store/', headers: { ...u.auth, 'content-type': 'application/json' }, payload: p });
  console.log(r.statusCode, r.payload.slice(0, 300));
  }
  await app.stop(); t.pass();
});
