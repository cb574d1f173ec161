// Every script answers --help with its usage (exit 0) and a mistyped option with one
// line (exit 2): never a stack trace.
import test from 'ava';
import { startEntry } from '../../helpers/processes.js';
import { TEST_DATABASE_URL } from '../../helpers/env.js';

const SCRIPTS = ['scripts/create-staff.ts', 'scripts/import-invoices.ts', 'scripts/kyc-create-project.ts', 'scripts/kyc-replay-callbacks.ts', 'scripts/start.ts', 'scripts/config-reference.ts'];
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
