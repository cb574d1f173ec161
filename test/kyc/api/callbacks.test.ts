// The signed status callback: a receiver that is down then up gets each change once
// (retried with backoff, re-signed), a repeated delivery notifies no one twice, a
// dead delivery is replayed, and the main service refuses unsigned, forged or
// (without a configured secret) every callback.
import test from 'ava';
import http from 'node:http';
import crypto, { randomUUID } from 'node:crypto';
import nock from 'nock';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startKycStack, waitFor, type KycStack } from '../../helpers/kyc.js';
import { startApp, type TestApp } from '../../helpers/app.js';

let stack: KycStack;
let noSecretApp: TestApp;

/** Sits between the microservice and the gateway: answers 503 while down; may drop the gateway's answer. */
class FlakyReceiver {
  down = true;
  /** forward to the gateway but answer 500 to the microservice this many times */
  swallow = 0;
  received: { signature: string; event: string; body: string }[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ signature: String(req.headers['x-kyc-signature']), event: String(req.headers['x-kyc-event']), body });
      if (this.down) {
        res.writeHead(503).end();
        return;
      }
      const upstream = await fetch(`${this.target}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-kyc-signature': String(req.headers['x-kyc-signature']), 'x-kyc-event': String(req.headers['x-kyc-event']) }, body });
      const text = await upstream.text();
      if (this.swallow > 0) {
        this.swallow -= 1;
        res.writeHead(500).end();
        return;
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  constructor(private readonly target: string) {}
  async listen(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }
  close() {
    this.server.close();
  }
}

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse', KYC_CALLBACK_RETRY_WINDOW_HOURS: '0.0015' } });
  noSecretApp = await startApp({ env: { KYC_CALLBACK_SECRET: '' }, workers: false });
});
test.after.always(async () => {
  await stack?.stop();
  await noSecretApp?.stop();
  nock.enableNetConnect();
});

const knex = () => stack.app.server.app.platform.knex;
const mirror = (user: TestUser) => knex()('kyc_mirror').where({ user_id: user.id }).first();
const notes = (user: TestUser) => knex()('notifications').where({ user_id: user.id, kind: 'kyc.status' });
const deliveriesOf = async (user: TestUser) => {
  const a = await knex()('kyc.applicants').where({ external_user_id: user.id }).first();
  return knex()('kyc.callback_deliveries').where({ applicant_id: a.id }).orderBy('version');
};
const accessToken = (user: TestUser) => stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });

function signed(body: Record<string, unknown>, secret = stack.env.KYC_CALLBACK_SECRET) {
  const raw = JSON.stringify(body);
  return { raw, signature: crypto.createHmac('sha256', secret).update(raw).digest('hex') };
}
function snapshot(user: TestUser, status: string, version: number) {
  return {
    external_user_id: user.id, project: 'p', provider: 'inhouse', status, is_verified: status === 'approved', can_start: false, level_name: 'basic-kyc-level',
    review_status: 'completed', review_answer: status === 'approved' ? 'GREEN' : '', reject_type: '', reject_labels: [], moderation_comment: '', applicant_id: '',
    verified_at: status === 'approved' ? new Date().toISOString() : null, last_synced_at: null, updated_at: null,
    version, event_id: randomUUID(), event: 'status.changed', occurred_at: new Date().toISOString(),
  };
}
const post = (app: TestApp, raw: string, headers: Record<string, string>) => app.server.inject({ method: 'POST', url: '/api/v1/internal/kyc/status-callback/', payload: raw, headers: { 'content-type': 'application/json', ...headers } });

test.serial('receiver down then up: delivered once, re-signed per attempt; a repeated delivery notifies no one twice', async (t) => {
  const receiver = new FlakyReceiver(stack.app.url);
  await stack.kycServices.projects.setCallback(stack.project.id, await receiver.listen());
  try {
    const user = await buildUser(stack.app.server);
    t.is((await accessToken(user)).statusCode, 200);
    await waitFor('two failed attempts', async () => receiver.received.length >= 2);
    t.falsy((await mirror(user))?.notified_version, 'nothing reached the gateway while down');
    receiver.swallow = 1; // the first delivery that gets through is answered 500: the microservice retries it
    receiver.down = false;
    await waitFor('delivered', async () => (await deliveriesOf(user))[0]?.state === 'delivered');
    const [d] = await deliveriesOf(user);
    t.true(d.attempts >= 4, `attempts ${d.attempts}`);
    const signatures = new Set(receiver.received.map((r) => r.signature));
    t.is(signatures.size, receiver.received.length, 'each attempt is signed anew');
    t.true(receiver.received.every((r) => r.event === 'status.changed'));
    t.true(new Set(receiver.received.map((r) => JSON.parse(r.body).event_id)).size === 1, 'one stable event id');
    const m = await mirror(user);
    t.is(m.status, 'pending');
    t.is(m.version, 1);
    t.is((await notes(user)).length, 1, 'the repeated delivery notified no one twice');
  } finally {
    receiver.close();
    await stack.kycServices.projects.setCallback(stack.project.id, stack.app.url);
  }
});

test.serial('a delivery that fails for its whole retry window is dead, and a replay delivers it', async (t) => {
  const receiver = new FlakyReceiver(stack.app.url);
  await stack.kycServices.projects.setCallback(stack.project.id, await receiver.listen());
  try {
    const user = await buildUser(stack.app.server);
    await accessToken(user);
    await waitFor('dead', async () => (await deliveriesOf(user))[0]?.state === 'dead', 15_000);
    const [dead] = await deliveriesOf(user);
    t.truthy(dead.dead_at);
    t.regex(dead.last_error, /503/);
    receiver.down = false;
    const replayed = await stack.kycServices.callbacks.replayDead({ ids: [Number(dead.id)] });
    t.deepEqual(replayed, [Number(dead.id)]);
    await waitFor('replayed delivery', async () => (await deliveriesOf(user))[0]?.state === 'delivered');
    t.is((await deliveriesOf(user))[0].replays, 1);
    t.is((await mirror(user)).status, 'pending');
    t.is((await notes(user)).length, 1);
  } finally {
    receiver.close();
    await stack.kycServices.projects.setCallback(stack.project.id, stack.app.url);
  }
});

test('the callback handler checks the signature over the raw body and is idempotent by version', async (t) => {
  const user = await buildUser(stack.app.server);
  const v2 = signed(snapshot(user, 'approved', 2));
  const unsigned = await post(stack.app, v2.raw, { 'x-kyc-event': 'status.changed' });
  t.is(unsigned.statusCode, 401);
  t.is(JSON.parse(unsigned.payload).error.code, 'invalid_signature');
  const forged = await post(stack.app, v2.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': signed(snapshot(user, 'approved', 2), 'wrong').signature });
  t.is(forged.statusCode, 401);
  // same JSON re-serialised with other spacing: the signature no longer matches
  const respaced = await post(stack.app, JSON.stringify(JSON.parse(v2.raw), null, 1), { 'x-kyc-event': 'status.changed', 'x-kyc-signature': v2.signature });
  t.is(respaced.statusCode, 401);
  t.falsy(await mirror(user));

  const wrongEvent = await post(stack.app, v2.raw, { 'x-kyc-event': 'status.deleted', 'x-kyc-signature': v2.signature });
  t.is(wrongEvent.statusCode, 400);
  const bad = signed({ external_user_id: user.id, status: 'approved' });
  const invalid = await post(stack.app, bad.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': bad.signature });
  t.is(invalid.statusCode, 400);
  t.is(JSON.parse(invalid.payload).error.code, 'validation_error');

  const ok = await post(stack.app, v2.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': v2.signature });
  t.is(ok.statusCode, 200, ok.payload);
  t.is(JSON.parse(ok.payload).status, 'applied');
  t.true((await mirror(user)).is_verified);
  const again = await post(stack.app, v2.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': v2.signature });
  t.is(again.statusCode, 200);
  t.is(JSON.parse(again.payload).status, 'duplicate');
  const older = signed(snapshot(user, 'in_review', 1));
  const stale = await post(stack.app, older.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': older.signature });
  t.is(stale.statusCode, 200);
  t.is(JSON.parse(stale.payload).status, 'stale');
  const m = await mirror(user);
  t.is(m.status, 'approved');
  t.is(m.version, 2);
  const n = await notes(user);
  t.is(n.length, 1);
  t.is(n[0].title, 'Identity verified');

  const ghost = signed({ ...snapshot(user, 'approved', 1), external_user_id: randomUUID() });
  const unknown = await post(stack.app, ghost.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': ghost.signature });
  t.is(unknown.statusCode, 200, 'an unknown user is acknowledged (not retried forever)');
});

test('without a configured callback secret every callback is refused', async (t) => {
  const user = await buildUser(noSecretApp.server);
  for (const secret of [stack.env.KYC_CALLBACK_SECRET, '']) {
    const cb = signed(snapshot(user, 'approved', 1), secret);
    const res = await post(noSecretApp, cb.raw, { 'x-kyc-event': 'status.changed', 'x-kyc-signature': cb.signature });
    t.is(res.statusCode, 403);
    t.is(JSON.parse(res.payload).error.code, 'callbacks_disabled');
  }
  t.falsy(await noSecretApp.server.app.platform.knex('kyc_mirror').where({ user_id: user.id }).first());
});
