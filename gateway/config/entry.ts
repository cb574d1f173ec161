// Every process entry runs through here so that configuration and dependency
// problems end the process with one clear line instead of a stack trace.
import { ConfigError } from './env.js';
import { DependencyError } from '../../db/connectivity.js';

export async function runEntry(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
    if (err instanceof ConfigError || err instanceof DependencyError) {
      console.error(`${name}: ${err.message}`);
    } else if (e?.code === 'EADDRINUSE' || e?.code === 'EACCES') {
      const what = e.code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
      console.error(`${name}: cannot listen on ${e.address ?? ''}:${e.port ?? ''}: the port ${what}; stop the other process or choose another port (PORT / KYC_PORT)`);
    } else {
      console.error(`${name}: failed to start:`, err);
    }
    process.exit(1);
  }
}
