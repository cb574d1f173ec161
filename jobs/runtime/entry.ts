// Every process entry (web, worker, kyc, release, scripts) runs through here so that
// configuration and dependency problems end the process with one clear line instead
// of a stack trace, and every long-running role shuts down the same way.
import { ConfigError } from './config.js';
import { DependencyError } from './errors.js';

/**
 * `--help` (or `-h`) prints `usage` and exits 0 before anything runs: `npm run release
 * -- --help` must not migrate. Any other argument is one line and exit 2 (entries take none).
 */
function answerCommandLine(name: string, usage: string, argv = process.argv.slice(2)): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage.trim());
    process.exit(0);
  }
  if (argv.length) {
    console.error(`${name}: unknown argument '${argv[0]}'; settings are environment variables (see --help)`);
    process.exit(2);
  }
}

export async function runEntry(name: string, main: () => Promise<void>, usage?: string): Promise<void> {
  if (usage) answerCommandLine(name, usage);
  try {
    await main();
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
    if (err instanceof ConfigError || err instanceof DependencyError) {
      console.error(`${name}: ${err.message}`);
    } else if (String(e?.code ?? '').startsWith('ERR_PARSE_ARGS')) {
      // a command-line mistake is the user's, not a crash: one line (see scripts/cli.ts for --help)
      console.error(`${name}: ${(err as Error).message.split('. To specify')[0]}; see --help`);
      process.exit(2);
    } else if (e?.code === 'EADDRINUSE' || e?.code === 'EACCES') {
      const what = e.code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
      console.error(`${name}: cannot listen on ${e.address ?? ''}:${e.port ?? ''}: the port ${what}; stop the other process or choose another port (PORT / KYC_PORT)`);
    } else {
      console.error(`${name}: failed to start:`, err);
    }
    process.exit(1);
  }
}

/**
 * Ordered shutdown, written once for every long-running role: the first SIGTERM or
 * SIGINT runs `stop` (stop accepting, drain, close connections) and exits 0; later
 * signals are ignored while it runs. With `forceExitAfterMs`, a stop that hangs ends
 * the process with exit code 1 after that long.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>, options: { forceExitAfterMs?: number } = {}): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (options.forceExitAfterMs !== undefined) setTimeout(() => process.exit(1), options.forceExitAfterMs).unref();
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
