// docs/security.md lists every budget and limit with what exceeding it answers: every
// setting that is one (by its name: a rate, a maximum, a budget, a size, a timeout, a
// lease) must be named there, so a new budget cannot ship undocumented.
import test from 'ava';
import fs from 'node:fs';
import { ALL_SETTINGS } from '../../../jobs/runtime/settings/index.js';

const LIMIT = /LIMIT|PER_(SECOND|MINUTE|HOUR|USER|ADDRESS)|MAX|BUDGET|BURST|_BYTES|TIMEOUT|TOLERANCE|GRACE|PIXELS|LEASE|IDLE_EXIT|UPGRADES|FAILURES|ATTEMPTS|DRAIN/;

test('every budget or limit setting is in the Limits of docs/security.md', (t) => {
  const doc = fs.readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
  const limits = ALL_SETTINGS.map((s) => s.env).filter((env) => LIMIT.test(env));
  t.true(limits.length >= 40, `${limits.length} limit settings`);
  t.deepEqual(limits.filter((env) => !doc.includes(`\`${env}\``)), [], 'settings docs/security.md does not name');
});
