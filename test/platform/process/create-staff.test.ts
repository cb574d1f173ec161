// `npm run create-staff -- --email <e> --password <p>` creates a verified staff user
// (or promotes an existing one and signs out its sessions).
import test from 'ava';
import { spawn } from 'node:child_process';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail } from '../../factories/users.js';
import { ROOT, watch, meaningfulLines } from '../../helpers/processes.js';
import { TEST_DATABASE_URL } from '../../helpers/env.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

async function createStaff(...args: string[]) {
  const child = spawn('npm', ['run', '--silent', 'create-staff', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: TEST_DATABASE_URL, PASSWORD_SCRYPT_COST: '1024', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p = watch(child);
  const { code } = await p.exited;
  return { code, lines: meaningfulLines(p.output()) };
}

const login = (email: string, password: string) => app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
const json = (res: { payload: string }) => JSON.parse(res.payload);

test('creates a verified staff user who can log in and reach staff endpoints', async (t) => {
  const email = uniqueEmail('Admin');
  const run = await createStaff('--email', email, '--password', 'Adm1n-Passphrase!', '--first-name', 'Ada', '--last-name', 'Admin');
  t.is(run.code, 0, run.lines.join('\n'));
  t.regex(run.lines.at(-1)!, new RegExp(`^create-staff: ${email.toLowerCase()} \\([0-9a-f-]{36}\\) is a verified staff user$`));

  const res = await login(email, 'Adm1n-Passphrase!');
  t.is(res.statusCode, 200, res.payload);
  const auth = { authorization: `Bearer ${json(res).access}` };
  const me = json(await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: auth }));
  t.like(me, { email: email.toLowerCase(), is_staff: true, is_verified: true, first_name: 'Ada', last_name: 'Admin' });
  const history = await app.server.inject({ method: 'GET', url: '/api/auth/otp/history/', headers: auth });
  t.is(history.statusCode, 200);
  t.true(Array.isArray(json(history).results));
  const cleanup = await app.server.inject({ method: 'POST', url: '/api/auth/otp/cleanup/', headers: auth });
  t.is(cleanup.statusCode, 200);
});

test('a regular user is refused the staff endpoints', async (t) => {
  const user = await buildUser(app.server);
  const res = await app.server.inject({ method: 'GET', url: '/api/auth/otp/history/', headers: user.auth });
  t.is(res.statusCode, 403);
  t.is(json(res).error.code, 'staff_only');
});

test('an existing user is promoted, re-passworded and signed out', async (t) => {
  const user = await buildUser(app.server);
  const run = await createStaff('--email', user.email, '--password', 'N3w-Staff-Passphrase');
  t.is(run.code, 0, run.lines.join('\n'));
  t.is((await login(user.email, user.password)).statusCode, 401, 'the old password no longer works');
  // the old session is revoked in the database (this instance may have the token cached for up to 30 s)
  const tokens = await app.server.app.platform.knex('auth_tokens').where({ user_id: user.id }).whereNull('revoked_at');
  t.is(tokens.length, 0);
  const res = await login(user.email, 'N3w-Staff-Passphrase');
  t.is(res.statusCode, 200);
  const history = await app.server.inject({ method: 'GET', url: '/api/auth/otp/history/', headers: { authorization: `Bearer ${json(res).access}` } });
  t.is(history.statusCode, 200);
});

test('missing arguments and weak passwords are refused with one line', async (t) => {
  const missing = await createStaff('--email', uniqueEmail('x'));
  t.is(missing.code, 2);
  t.deepEqual(missing.lines, ['create-staff: --email and --password are required; see --help']);
  const weak = await createStaff('--email', uniqueEmail('x'), '--password', '12345678');
  t.is(weak.code, 2);
  t.is(weak.lines.length, 1);
  t.regex(weak.lines[0], /^create-staff: /);
});
