// Job results reach clients three ways: the HTTP call waits, GET /api/jobs/{id}/
// polls, and /ws/notifications/ pushes — from whichever gateway instance holds the
// socket.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { connect, closeCodeOf, wsUrl } from '../../helpers/ws.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
const others: TestApp[] = [];
test.before(async () => {
  app = await startApp({ listen: true, workers: ['system'] });
});
test.after.always(async () => {
  // stop the extra apps first, then the main one
  for (const other of others) await other.stop();
  await app?.stop();
});

const json = (res: { payload: string }) => JSON.parse(res.payload);
/** wait 0 answers 202 {job_id}, or 200 {id} when the worker was faster than the answer */
const jobIdOf = (res: { payload: string }): string => json(res).job_id ?? json(res).id;
const echo = (user: TestUser, payload: Record<string, unknown>, target = app) =>
  target.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload, headers: user.auth });
const poll = (user: TestUser, id: string) => app.server.inject({ method: 'GET', url: `/api/jobs/${id}/`, headers: user.auth });

async function pollUntil(user: TestUser, id: string, state: string, timeoutMs = 10_000) {
  return waitFor(async () => {
    const last = json(await poll(user, id));
    return last.state === state && last;
  }, { timeoutMs, intervalMs: 50, message: `job ${id} ${state}` });
}

test('POST /api/jobs/echo/ with wait answers 200 with the result', async (t) => {
  const user = await buildUser(app.server);
  const res = await echo(user, { echo: { hello: ['world', 1] }, wait: 5000 });
  t.is(res.statusCode, 200);
  const body = json(res);
  t.is(body.state, 'completed');
  t.is(body.name, 'system.echo');
  t.deepEqual(body.result, { echo: { hello: ['world', 1] } });
  t.is(body.error, null);
  t.truthy(body.finished_at);
  t.is(body.poll_url, `${app.config.publicBaseUrl}/api/jobs/${body.id}/`);
});

test('the waited answer, answered from the finish event, is what a poll of the finished job returns; the push carries the same finish time', async (t) => {
  const user = await buildUser(app.server);
  const ws = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  t.teardown(() => ws.close());
  await ws.next('connection.ready');
  const res = await echo(user, { echo: { n: [1, 'two'] }, wait: 5000 });
  t.is(res.statusCode, 200);
  const polled = json(await poll(user, json(res).id));
  t.deepEqual(json(res), polled);
  t.is(polled.attempts_made, 1);
  const pushed = await ws.next('job.completed', (m) => m.data.job_id === polled.id);
  t.is(pushed.data.finished_at, polled.finished_at);
});

test('wait 0 answers 202 at once; polling reaches completed', async (t) => {
  const user = await buildUser(app.server);
  const res = await echo(user, { echo: 'later', wait: 0, delay_ms: 300 });
  t.is(res.statusCode, 202);
  const accepted = json(res);
  t.true(['queued', 'running'].includes(accepted.status));
  t.regex(accepted.job_id, /^system-/);
  t.is(res.headers.location, accepted.poll_url);
  t.regex(accepted.websocket, /^ws:\/\/.+\/ws\/notifications\/$/);

  const running = json(await poll(user, accepted.job_id));
  t.true(['waiting', 'active'].includes(running.state));
  t.is(running.result, null);
  const done = await pollUntil(user, accepted.job_id, 'completed');
  t.deepEqual(done.result, { echo: 'later' });
});

test('a wait shorter than the job answers 202; the job still completes', async (t) => {
  const user = await buildUser(app.server);
  const res = await echo(user, { wait: 100, delay_ms: 600 });
  t.is(res.statusCode, 202);
  t.true(['queued', 'running'].includes(json(res).status), 'usually running; queued when the worker is slow to pick it up');
  await pollUntil(user, json(res).job_id, 'completed');
  t.pass();
});

test('jobs are private: another user\'s job id, unknown ids and internal jobs are 404', async (t) => {
  const owner = await buildUser(app.server);
  const other = await buildUser(app.server);
  const job_id = jobIdOf(await echo(owner, { wait: 0 }));
  const foreign = await poll(other, job_id);
  t.is(foreign.statusCode, 404);
  t.is(json(foreign).error.code, 'not_found');
  t.is((await poll(owner, 'system-00000000-0000-4000-8000-000000000000')).statusCode, 404);
  t.is((await poll(owner, 'mail-send-1')).statusCode, 404, 'mail jobs are not pollable');
  t.is((await poll(owner, 'nosuchqueue-1')).statusCode, 404);
  t.is((await poll(owner, 'system:1')).statusCode, 400);
  t.is((await app.server.inject({ method: 'GET', url: `/api/jobs/${job_id}/` })).statusCode, 401);
});

test('echo validates its input', async (t) => {
  const user = await buildUser(app.server);
  for (const payload of [{ wait: -1 }, { wait: 30001 }, { wait: 'soon' }, { delay_ms: 10_001 }, { surprise: true }]) {
    const res = await echo(user, payload);
    t.is(res.statusCode, 400, JSON.stringify(payload));
    t.is(json(res).error.code, 'validation_error');
  }
});

test('WebSocket: connection.ready first, then job.completed for the user\'s job; ping → pong', async (t) => {
  const user = await buildUser(app.server);
  const other = await buildUser(app.server);
  const ws = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  const theirs = connect(wsUrl(app.url, '/ws/notifications/', other.access));
  t.teardown(() => {
    ws.close();
    theirs.close();
  });
  const ready = await ws.next('connection.ready');
  t.deepEqual(ready.data, { user_id: user.id, channel: 'notifications' });
  t.is(ws.messages[0].type, 'connection.ready');
  await theirs.next('connection.ready');

  const job_id = jobIdOf(await echo(user, { echo: { n: 7 }, wait: 0 }));
  const pushed = await ws.next('job.completed', (m) => m.data.job_id === job_id);
  t.is(pushed.data.name, 'system.echo');
  t.deepEqual(pushed.data.result, { echo: { n: 7 } });
  t.truthy(pushed.data.finished_at);

  ws.send({ type: 'ping' });
  t.is((await ws.next('pong')).type, 'pong');
  ws.send({ type: 'jobs.get', data: { job_id } });
  const status = await ws.next('job.status');
  t.is(status.data.state, 'completed');
  ws.send({ type: 'jobs.get', data: { job_id: 'system-nope' } });
  t.is((await ws.next('error')).data.code, 'not_found');

  // positive marker: the other user's own job, run after ours, reaches their socket
  const own = jobIdOf(await echo(other, { echo: { n: 8 }, wait: 0 }));
  await theirs.next('job.completed', (m) => m.data.job_id === own);
  t.false(theirs.messages.some((m) => m.type === 'job.completed' && m.data.job_id === job_id), 'pushes go only to the job\'s user');
});

test('WebSocket: a malformed message gets an error message, the socket stays open', async (t) => {
  const user = await buildUser(app.server);
  const ws = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  t.teardown(() => ws.close());
  await ws.next('connection.ready');
  ws.socket.send('{"no": "type"}');
  t.is((await ws.next('error')).data.code, 'invalid_message');
  ws.send({ type: 'dance' });
  t.is((await ws.next('error', (m) => m.data.code === 'unknown_type')).data.code, 'unknown_type');
  ws.send({ type: 'ping' });
  await ws.next('pong');
  t.is(ws.socket.readyState, ws.socket.OPEN);
});

test('WebSocket: missing or bad token closes with 4401, an unknown path with 4404', async (t) => {
  const user = await buildUser(app.server);
  t.is(await closeCodeOf(wsUrl(app.url, '/ws/notifications/')), 4401);
  t.is(await closeCodeOf(wsUrl(app.url, '/ws/notifications/', 'ipa_not-a-real-token')), 4401);
  t.is(await closeCodeOf(wsUrl(app.url, '/ws/notifications/', user.refresh)), 4401, 'a refresh token is not an access token');
  t.is(await closeCodeOf(wsUrl(app.url, '/ws/elsewhere/', user.access)), 4404);
  const slashless = connect(wsUrl(app.url, '/ws/notifications', user.access));
  t.teardown(() => slashless.close());
  await slashless.next('connection.ready');
});

test('WebSocket: a token revoked by logout cannot connect', async (t) => {
  const user = await buildUser(app.server);
  const logout = await app.server.inject({ method: 'POST', url: '/api/auth/logout/', headers: user.auth, payload: {} });
  t.is(logout.statusCode, 200);
  t.is(await closeCodeOf(wsUrl(app.url, '/ws/notifications/', user.access)), 4401);
});

test('a push reaches a socket held by another gateway instance', async (t) => {
  // a second gateway on the same queue prefix, without workers of its own
  const other = await startApp({ listen: true, workers: false, env: { QUEUE_PREFIX: app.config.queuePrefix } });
  others.push(other);
  const user = await buildUser(app.server);
  const ws = connect(wsUrl(other.url, '/ws/notifications/', user.access));
  t.teardown(() => ws.close());
  await ws.next('connection.ready');

  const res = await echo(user, { echo: 'across', wait: 0 }, app);
  const pushed = await ws.next('job.completed', (m) => m.data.job_id === jobIdOf(res));
  t.deepEqual(pushed.data.result, { echo: 'across' });

  // and an HTTP wait on the other instance is answered by the worker of the first
  const waited = await echo(user, { echo: 'waited', wait: 5000 }, other);
  t.is(waited.statusCode, 200);
  t.deepEqual(json(waited).result, { echo: 'waited' });
});

test('WebSocket: logging out closes that login\'s sockets with 4401 on every instance; other logins stay', async (t) => {
  const other = await startApp({ listen: true, workers: false, env: { QUEUE_PREFIX: app.config.queuePrefix } });
  others.push(other);
  const user = await buildUser(app.server);
  const second = json(await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } }));
  const here = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  const there = connect(wsUrl(other.url, '/ws/notifications/', user.access));
  const kept = connect(wsUrl(app.url, '/ws/notifications/', second.access));
  t.teardown(() => kept.close());
  await Promise.all([here.next('connection.ready'), there.next('connection.ready'), kept.next('connection.ready')]);

  const logout = await app.server.inject({ method: 'POST', url: '/api/auth/logout/', headers: user.auth, payload: {} });
  t.is(logout.statusCode, 200);
  t.is(await here.closeCode(), 4401);
  t.is(await there.closeCode(), 4401, 'the revocation reaches the other instance');
  kept.send({ type: 'ping' });
  await kept.next('pong');
  t.is(kept.socket.readyState, kept.socket.OPEN);
});

test('WebSocket: changing the password closes the other logins\' sockets and keeps this one', async (t) => {
  const user = await buildUser(app.server);
  const second = json(await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } }));
  const mine = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  const elsewhere = connect(wsUrl(app.url, '/ws/notifications/', second.access));
  t.teardown(() => mine.close());
  await Promise.all([mine.next('connection.ready'), elsewhere.next('connection.ready')]);

  const res = await app.server.inject({ method: 'POST', url: '/api/auth/change-password/', headers: user.auth, payload: { current_password: user.password, new_password: 'An0ther-Passphrase!' } });
  t.is(res.statusCode, 200);
  t.is(await elsewhere.closeCode(), 4401);
  t.is((await app.server.inject({ method: 'GET', url: '/api/auth/me/', headers: { authorization: `Bearer ${second.access}` } })).statusCode, 401, 'and the revoked token is not cached again');
  mine.send({ type: 'ping' });
  await mine.next('pong');
  t.is(mine.socket.readyState, mine.socket.OPEN);
});
