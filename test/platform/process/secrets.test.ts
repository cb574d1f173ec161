// An install that never set its secrets: random ones, generated on first start into a
// git-ignored file (mode 0600) that every process of the install shares; production
// refuses to start without them; values set in the environment win.
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { loadConfig, ConfigError } from '../../../jobs/runtime/config.js';
import { GENERATED_SECRETS } from '../../../jobs/runtime/local-secrets.js';
import { spawn } from 'node:child_process';
import { ROOT, watch, type RunningProcess } from '../../helpers/processes.js';
import { closedPort } from '../../helpers/tcp-proxy.js';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { waitFor } from '../../helpers/kyc.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';

const running: RunningProcess[] = [];
const apps: TestApp[] = [];
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  for (const a of apps) await a.stop();
});

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invp-secrets-')), 'var', 'secrets.json');
// only what a development install sets: no secret at all
const bare = (file: string): NodeJS.ProcessEnv => ({ SECRETS_FILE: file, PATH: process.env.PATH });

test('a development install without secrets gets random ones, kept in a 0600 file and reused', (t) => {
  const file = tmpFile();
  const first = loadConfig(bare(file));
  t.true(fs.existsSync(file));
  t.is(fs.statSync(file).mode & 0o777, 0o600, 'readable by the owner only');
  const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  t.deepEqual(Object.keys(stored).sort(), [...GENERATED_SECRETS].sort());
  t.is(first.secretKey, stored.SECRET_KEY);
  t.is(first.kyc.apiSecret, stored.KYC_API_SECRET);
  t.is(first.kyc.callbackSecret, stored.KYC_CALLBACK_SECRET);
  t.is(first.kyc.webhookSecret, stored.KYC_WEBHOOK_SECRET);
  t.deepEqual(first.billing.webhookSecrets, [stored.BILLING_WEBHOOK_SECRET]);
  t.true(first.secretKey.length >= 32);
  t.deepEqual(first.generatedSecrets.sort(), [...GENERATED_SECRETS].sort());

  const again = loadConfig(bare(file));
  t.is(again.secretKey, first.secretKey, 'the next start reads the same values');
  t.is(again.kyc.callbackSecret, first.kyc.callbackSecret);

  const other = loadConfig(bare(tmpFile()));
  t.not(other.secretKey, first.secretKey, 'another install has its own secrets: none is a value from the source');
  t.not(other.kyc.apiSecret, first.kyc.apiSecret);
  t.not(other.kyc.callbackSecret, first.kyc.callbackSecret);
  t.not(other.kyc.webhookSecret, first.kyc.webhookSecret);
  t.notDeepEqual(other.billing.webhookSecrets, first.billing.webhookSecrets);
});

test('the environment wins; an explicitly empty webhook or callback secret stays empty (disabled)', (t) => {
  const file = tmpFile();
  const c = loadConfig({ ...bare(file), SECRET_KEY: 'k'.repeat(40), KYC_WEBHOOK_SECRET: '' });
  t.is(c.secretKey, 'k'.repeat(40));
  t.is(c.kyc.webhookSecret, '');
  t.deepEqual(c.generatedSecrets.sort(), ['BILLING_WEBHOOK_SECRET', 'KYC_API_SECRET', 'KYC_CALLBACK_SECRET']);
  const all = tmpFile();
  loadConfig({ ...bare(all), SECRET_KEY: 'k'.repeat(40), KYC_API_SECRET: 'a'.repeat(20), KYC_CALLBACK_SECRET: 'c', KYC_WEBHOOK_SECRET: 'w', BILLING_WEBHOOK_SECRET: 'b'.repeat(20) });
  t.false(fs.existsSync(all), 'no file when nothing is missing');
});

test('production refuses to start without each secret, and never writes a file', (t) => {
  const file = tmpFile();
  const set = { SECRET_KEY: 'k'.repeat(40), KYC_API_SECRET: 'a'.repeat(20), KYC_CALLBACK_SECRET: 'c'.repeat(20), KYC_WEBHOOK_SECRET: 'w'.repeat(20), BILLING_WEBHOOK_SECRET: 'b'.repeat(20) };
  for (const name of GENERATED_SECRETS) {
    const env: NodeJS.ProcessEnv = { ...bare(file), NODE_ENV: 'production', ...set };
    delete env[name];
    const err = t.throws(() => loadConfig(env), { instanceOf: ConfigError });
    t.regex(err!.message, new RegExp(`${name}.* must be set in production`));
  }
  t.false(fs.existsSync(file));
  t.notThrows(() => loadConfig({ ...bare(file), NODE_ENV: 'production', ...set }));
});

test('the source prints no secret: the old development constants are gone', (t) => {
  const tracked = execFileSync('git', ['ls-files', '*.ts'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => f && !f.startsWith('test/'));
  for (const f of tracked) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    t.false(/change-me|dev-insecure|DEV_(KYC_)?\w*SECRET/.test(text), f);
  }
  t.true(execFileSync('git', ['check-ignore', 'var/secrets.json'], { cwd: ROOT, encoding: 'utf8' }).trim() === 'var/secrets.json', 'the file is git-ignored');
});

/** Runs an entry with exactly `env` (no inherited secrets), as a fresh install would. */
function runBare(entry: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const p = watch(child);
  running.push(p);
  return p;
}

test('processes starting at the same moment agree on one set of secrets', async (t) => {
  const file = tmpFile();
  const procs = [1, 2, 3, 4].map(() => runBare('test/helpers/print-secrets.ts', { SECRETS_FILE: file }));
  const printed = await Promise.all(procs.map(async (p) => JSON.parse((await p.waitFor(/SECRETS \{.*\}/)).slice(8))));
  for (const other of printed.slice(1)) t.deepEqual(other, printed[0]);
  t.deepEqual(printed[0], JSON.parse(fs.readFileSync(file, 'utf8')));
  t.false(fs.existsSync(`${file}.lock`), 'the lock is gone');
});

test('web, worker and kyc of one install share the generated secrets: the proxy and the signed callbacks work', async (t) => {
  const app = await startApp({ workers: false });
  apps.push(app);
  const user = await buildUser(app.server);
  const [port, kycPort] = [await closedPort(), await closedPort()];
  const suffix = randomBytes(4).toString('hex');
  const env = {
    SECRETS_FILE: tmpFile(),
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `sec${suffix}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    KYC_PORT: String(kycPort),
    KYC_URL: `http://127.0.0.1:${kycPort}`,
    KYC_CALLBACK_URL: `http://127.0.0.1:${port}`,
    KYC_API_KEY: `kyc_sec_${suffix}`,
    KYC_PROJECT_SLUG: `sec-${suffix}`,
    KYC_ENGINE: 'inhouse',
    KYC_SWEEP_EVERY_MINUTES: '0',
    LOG_LEVEL: 'warn',
    MAIL_OUTBOX_DIR: path.join(path.dirname(app.config.mailOutboxDir), 'spawned-outbox'),
  };
  const kyc = runBare('kyc/index.ts', env);
  await kyc.waitFor(/kyc: listening/);
  const web = runBare('gateway/index.ts', { ...env, LOG_LEVEL: 'info' });
  const worker = runBare('workers/index.ts', { ...env, WORKER_QUEUES: 'kyc' });
  // (a gateway compiled by tsx beside a full parallel run once took over 90 s to print anything)
  await Promise.all([web.waitFor(/gateway listening/, 180_000), worker.waitFor(/worker: consuming kyc/, 180_000)]);

  const res = await fetch(`http://127.0.0.1:${port}/api/v1/kyc/access-token/`, { method: 'POST', headers: user.auth });
  t.is(res.status, 200, `the microservice accepted the gateway's X-Api-Secret: ${await res.clone().text()}`);
  t.is(((await res.json()) as { status: string }).status, 'pending');

  const { knex } = app.server.app.platform;
  const delivery = await waitFor(
    'a delivered callback',
    async () => {
      const row = await knex('kyc.callback_deliveries as d')
        .join('kyc.applicants as a', 'a.id', 'd.applicant_id')
        .join('kyc.projects as p', 'p.id', 'a.project_id')
        .where({ 'a.external_user_id': user.id, 'p.slug': env.KYC_PROJECT_SLUG })
        .first('d.state', 'd.last_status_code');
      return row?.state === 'delivered' && row;
    },
    30_000,
    100,
  );
  t.is(delivery.state, 'delivered', 'the gateway verified the signature made with the shared KYC_CALLBACK_SECRET');
});
