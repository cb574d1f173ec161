// Secrets of an install that did not set them. Outside production, a missing
// SECRET_KEY, KYC_API_SECRET, KYC_CALLBACK_SECRET or KYC_WEBHOOK_SECRET is taken from
// a git-ignored file (SECRETS_FILE, default var/secrets.json, mode 0600) that the first
// process of the install fills with random values. Every process of that install
// (web, worker, kyc, scripts) reads the same file, so the main service and the
// microservice agree on the shared ones. No secret is ever a value printed in the source.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { GENERATED_SECRETS } from './settings/index.js';

// the settings declared as generated secrets (settings/), re-exported for the tests of this file's contract
export { GENERATED_SECRETS, DEFAULT_SECRETS_FILE } from './settings/index.js';
export type LocalSecrets = Record<string, string>;

const LOCK_STALE_MS = 10_000;
const WAIT_STEP_MS = 20;
// (longer than a stale lock lives: a lock left by a crashed process is removed while the others still wait;
// and on a machine loaded by many processes starting at once, a live holder may be off the CPU for seconds)
const WAIT_MAX_MS = 30_000;

const fresh = (): string => crypto.randomBytes(32).toString('base64url');

function read(file: string): Partial<LocalSecrets> | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const out: Partial<LocalSecrets> = {};
    for (const key of GENERATED_SECRETS) if (typeof parsed[key] === 'string' && parsed[key]) out[key] = parsed[key] as string;
    return out;
  } catch {
    throw new Error(`${file} is not valid JSON; remove it to have new secrets generated`);
  }
}

const complete = (s: Partial<LocalSecrets> | null): s is LocalSecrets => !!s && GENERATED_SECRETS.every((k) => !!s[k]);

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The install's generated secrets, creating (or completing) the file when needed.
 * Synchronous because configuration is loaded synchronously. Concurrent first starts
 * (npm start launches three processes) are serialised by an exclusive lock file, and
 * the file is replaced atomically, so every process reads the same values.
 */
export function localSecrets(file: string): LocalSecrets {
  const target = path.resolve(file);
  const lock = `${target}.lock`;
  const deadline = Date.now() + WAIT_MAX_MS;
  for (;;) {
    const current = read(target);
    if (complete(current)) return current;
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot create ${lock}: ${(err as Error).message}`);
      // another process is writing the file; a lock left by a crashed one goes stale
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      } catch {
        /* removed meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}; remove it if no other process is starting`);
      sleep(WAIT_STEP_MS);
      continue;
    }
    try {
      const again = read(target) ?? {};
      const secrets = Object.fromEntries(GENERATED_SECRETS.map((k) => [k, again[k] || fresh()])) as LocalSecrets;
      const tmp = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
      fs.renameSync(tmp, target);
      fs.chmodSync(target, 0o600);
      return secrets;
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
}
