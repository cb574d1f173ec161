// The command line of every script: `--help` (or `-h`) prints the usage and exits 0;
// an unknown or malformed option prints one line and the usage and exits 2. Never a
// stack trace (parseArgs throws on anything it does not know, --help included).
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
    console.error(`${name}: ${(err as Error).message.split('. To specify')[0]}\n\n${usage.trim()}`);
    process.exit(2);
  }
}

/** Prints the usage after a one-line problem and exits 2. */
export function usageError(name: string, problem: string, usage: string): never {
  console.error(`${name}: ${problem}\n\n${usage.trim()}`);
  process.exit(2);
}
