// An erasure ends every way in: the live /ws/notifications/ socket of the erased user
// is closed (4401) on commit, besides the refused login and the dead tokens; another
// user's socket stays open.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { callApi as api } from '../../helpers/http.js';
import { connect, wsUrl } from '../../helpers/ws.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false, listen: true });
});
test.after.always(async () => app?.stop());

test('after the erasure the user\'s live socket is closed and the API token is dead; another user\'s socket stays', async (t) => {
  const [frank, gina] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const apiToken = await api(app.server, 'POST', '/api/auth/api-tokens/', frank.auth, { name: 'script' });
  t.is(apiToken.status, 201);
  const sockets = [connect(wsUrl(app.url, '/ws/notifications/', frank.access)), connect(wsUrl(app.url, '/ws/notifications/', gina.access))];
  t.teardown(() => sockets.forEach((s) => s.close()));
  // both registered
  for (const s of sockets) await s.next('connection.ready', undefined, 20_000);

  const request = await api(app.server, 'POST', '/api/gdpr-deletion-request/', frank.auth, { current_password: frank.password });
  t.is(request.status, 202);
  // during the grace period nothing is revoked
  t.is((await api(app.server, 'GET', '/api/auth/me/', frank.auth)).status, 200);
  await app.server.app.platform.knex('data_deletion_requests').where({ id: request.body.id }).update({ scheduled_for: new Date(Date.now() - 1000) });
  t.is(await app.server.app.services.dataProtection.deletions.runDue(), 1);

  t.is(await sockets[0].closeCode(20_000), 4401, 'the erased user\'s socket is closed');
  t.is((await api(app.server, 'GET', '/api/auth/me/', { authorization: `Bearer ${apiToken.body.token}` })).status, 401, 'the personal API token is dead');
  t.is((await api(app.server, 'POST', '/api/auth/login/', {}, { email: frank.email, password: frank.password })).status, 401);
  // the other user's socket is left open
  t.is(sockets[1].socket.readyState, sockets[1].socket.OPEN);
});
