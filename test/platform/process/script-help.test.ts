// Every script answers --help with its usage (exit 0) and a mistyped option with one
// line (exit 2): never a stack trace.
import test from 'ava';
import { startEntry } from '../../helpers/processes.js';
import { Redis } from 'ioredis';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';

const SCRIPTS = ['scripts/create-staff.ts', 'scripts/import-invoices.ts', 'scripts/kyc-create-project.ts', 'scripts/kyc-replay-callbacks.ts', 'scripts/start.ts', 'scripts/config-reference.ts', 'scripts/cluster.ts'];
const STACK = /^\s+at .+[(:]\d+/m;

async function run(script: string, args: string[]) {
  const p = startEntry(script, { DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: 'silent' }, args);
  const { code } = await p.exited;
  return { code, out: p.output(), stderr: p.stderr() };
}

for (const script of SCRIPTS) {
  test(`${script} --help prints its usage and exits 0`, async (t) => {
    for (const flag of script.includes('create-staff') ? ['--help', '-h'] : ['--help']) {
      const r = await run(script, [flag]);
      t.is(r.code, 0, r.out);
      t.regex(r.out, /^usage: /m);
      t.notRegex(r.out, STACK);
      t.is(r.stderr.replace(/npm warn.*\n?/g, ''), '', 'usage goes to stdout');
    }
  });

  // the same parser serves every script: two of them show it (each run starts a process)
  if (!/create-staff|import-invoices/.test(script)) continue;
  test(`${script} with an unknown option says so in one line and exits 2`, async (t) => {
    const r = await run(script, ['--no-such-option']);
    t.is(r.code, 2, r.out);
    t.regex(r.out, /Unknown option '--no-such-option'; see --help/);
    t.is(r.stderr.replace(/npm warn.*\n?/g, '').trim().split('\n').length, 1, 'one line');
    t.notRegex(r.out, STACK);
  });
}

// the process entries answer --help before they touch anything: `release --help` must not migrate
for (const [entry, name] of [['db/release.ts', 'release'], ['gateway/index.ts', 'web'], ['workers/index.ts', 'worker'], ['kyc/index.ts', 'kyc']] as const) {
  test(`${entry} --help prints its usage, exits 0 and connects to nothing`, async (t) => {
    // an unreachable database: any attempt to use it would fail the run
    const p = startEntry(entry, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never_touched', REDIS_URL: 'redis://127.0.0.1:1/0', LOG_LEVEL: 'silent' }, ['--help']);
    const { code } = await p.exited;
    t.is(code, 0, p.output());
    t.regex(p.output(), new RegExp(`^usage: npm run ${name}`, 'm'));
    t.notRegex(p.output(), STACK);
  });
}

test('db/release.ts with an unknown argument says so in one line and exits 2', async (t) => {
  const p = startEntry('db/release.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never_touched', LOG_LEVEL: 'silent' }, ['--migrate-everything']);
  t.is((await p.exited).code, 2);
  t.is(p.stderr().replace(/npm warn.*\n?/g, '').trim().split('\n').length, 1);
});

test('npm test -- --help prints the usage and neither drops the database nor flushes Redis', async (t) => {
  const marker = `help-marker-${process.pid}`;
  const redis = new Redis(TEST_REDIS_URL);
  await redis.set(marker, '1');
  const p = startEntry('test/helpers/test-command.ts', { DATABASE_URL: TEST_DATABASE_URL }, ['--help']);
  t.is((await p.exited).code, 0);
  t.regex(p.output(), /^usage: npm test/m);
  t.is(await redis.get(marker), '1', 'Redis was not flushed');
  await redis.del(marker);
  redis.disconnect();
});
