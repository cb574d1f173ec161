// docs/configuration.md is what the setting declarations generate: a setting added,
// changed or removed without `npm run docs:config` fails here. The --check test is serial:
// it makes the file stale for a moment, before the other tests read it.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import Joi from 'joi';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../../helpers/processes.js';
import { allowedValues, renderConfigReference, REFERENCE_FILE } from '../../../scripts/config-reference/render.js';
import { ALL_SETTINGS, SETTING_GROUPS } from '../../../jobs/runtime/settings/index.js';

test(`${REFERENCE_FILE} is what the declarations generate`, (t) => {
  const current = fs.readFileSync(path.join(ROOT, REFERENCE_FILE), 'utf8');
  t.true(current === renderConfigReference(), `${REFERENCE_FILE} is stale: run npm run docs:config`);
});

test('every setting is declared once, in a listed group, with a description, and appears in the reference', (t) => {
  const names = ALL_SETTINGS.map((s) => s.env);
  t.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'no variable declared twice');
  const groups = new Set(SETTING_GROUPS.map((g) => g.name));
  const reference = renderConfigReference();
  for (const s of ALL_SETTINGS) {
    t.true(groups.has(s.group), `${s.env} is in group "${s.group}"`);
    t.true(s.description.length > 10, `${s.env} says what it means`);
    t.true(reference.includes(`| \`${s.env}\` |`), `${s.env} has a row`);
  }
  t.true(names.length >= 80, `${names.length} settings`);
});

test('the allowed column is read from the joi schema', (t) => {
  t.is(allowedValues(Joi.number().integer().min(15).max(60)), 'integer, 15–60');
  t.is(allowedValues(Joi.string().valid('a', 'b')), 'one of `a`, `b`');
  t.is(allowedValues(Joi.string().uri({ scheme: ['http', 'https'] }).allow('')), 'URL (http, https), or empty');
  t.is(allowedValues(Joi.number().port()), 'a port, 0–65535');
});

test.serial('--check exits 1 on a stale reference and says how to fix it; 0 when current', (t) => {
  const run = (args: string[]) => {
    try {
      return { code: 0, out: execFileSync(process.execPath, ['--import', 'tsx', 'scripts/config-reference.ts', ...args], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }) };
    } catch (err) {
      const e = err as { status: number; stderr: string };
      return { code: e.status, out: e.stderr };
    }
  };
  t.is(run(['--check']).code, 0);
  const file = path.join(ROOT, REFERENCE_FILE);
  const saved = fs.readFileSync(file, 'utf8');
  try {
    fs.writeFileSync(file, `${saved}\nstale\n`);
    const stale = run(['--check']);
    t.is(stale.code, 1);
    t.regex(stale.out, /is stale; run npm run docs:config/);
    t.is(fs.readFileSync(file, 'utf8'), `${saved}\nstale\n`, '--check writes nothing');
  } finally {
    fs.writeFileSync(file, saved);
  }
});
