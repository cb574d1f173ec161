// The command line of every script: `--help` (or `-h`) prints the usage and exits 0;
// an unknown or malformed option, or a missing one, is one line on stderr naming the
// problem and exit code 2. Never a stack trace (parseArgs throws on anything it does
// not know, --help included).
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function parseCommandLine<const C extends ParseArgsConfig>(name: string, usage: string, config: C, argv: string[] = process.argv.slice(2)) {
  const beforeDashes = argv.indexOf('--') >= 0 ? argv.slice(0, argv.indexOf('--')) : argv;
  if (beforeDashes.includes('--help') || beforeDashes.includes('-h')) {
    console.log(usage.trim());
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args: argv, strict: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw err;
    console.error(`${name}: ${(err as Error).message.split('. To specify')[0]}; see --help`);
    process.exit(2);
  }
}

/** One line naming the problem, then exit 2 (the usage is one --help away). */
export function usageError(name: string, problem: string, _usage?: string): never {
  console.error(`${name}: ${problem}; see --help`);
  process.exit(2);
}
