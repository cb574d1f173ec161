// `npm test`: the test database and Redis index are reset (global-setup.ts), then ava runs
// with the arguments given. `npm test -- --help` prints the usage and touches nothing:
// npm passes arguments to the script itself but never to its `pretest`, so the set-up
// lives here, after the check, instead of in a pretest hook.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = `usage: npm test [-- <ava options and test files>]

Drops and recreates the test database (TEST_DATABASE_URL), flushes the test Redis index
(TEST_REDIS_URL), then runs ava. Examples:
  npm test -- test/platform/api/openapi.test.ts   one file
  npm test -- --match 'metrics*'                  tests by title
Browser tests (test/*/browser/) need /usr/bin/chromium; they are skipped without it.
ava's own options: npx ava --help`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (command: string, argv: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, argv, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    // a CI timeout signals the group; pass it on and let the child end its own run
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => child.kill(s));
  });

const setup = await run(process.execPath, ['--import', 'tsx', path.join(root, 'test/helpers/global-setup.ts')]);
if (setup !== 0) process.exit(setup);
process.exit(await run(path.join(root, 'node_modules/.bin/ava'), args));
