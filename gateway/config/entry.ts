// Every process entry runs through here so that configuration and dependency
// problems end the process with one clear line instead of a stack trace.
import { ConfigError } from './env.js';
import { DependencyError } from '../../db/connectivity.js';

export async function runEntry(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DependencyError) {
      console.error(`${name}: ${err.message}`);
    } else {
      console.error(`${name}: failed to start:`, err);
    }
    process.exit(1);
  }
}
