// npm run docs:config [-- --check]
// Writes docs/configuration.md from the setting declarations (jobs/runtime/settings/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandLine } from './cli.js';
import { renderConfigReference, REFERENCE_FILE } from './config-reference/render.js';

const USAGE = `
usage: npm run docs:config [-- --check]

Writes ${REFERENCE_FILE}, the configuration reference, from the setting declarations in
jobs/runtime/settings/ (variable, default, meaning, secret, allowed values).

  --check   write nothing; exit 1 when ${REFERENCE_FILE} differs from what the declarations give
  --help    print this and exit
`;

const { values } = parseCommandLine('config-reference', USAGE, { options: { check: { type: 'boolean', default: false } } });
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', REFERENCE_FILE);
const wanted = renderConfigReference();
const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;

if (values.check) {
  if (current !== wanted) {
    console.error(`config-reference: ${REFERENCE_FILE} is stale; run npm run docs:config`);
    process.exit(1);
  }
  console.log(`config-reference: ${REFERENCE_FILE} is up to date`);
} else if (current === wanted) {
  console.log(`config-reference: ${REFERENCE_FILE} is up to date`);
} else {
  fs.writeFileSync(file, wanted);
  console.log(`config-reference: wrote ${REFERENCE_FILE}`);
}
