// One engine call at a time on the whole machine: the second OCR engine (PaddleOCR) uses
// every core for its ~1 s a photo, so two sandboxed children running it at once only
// take turns on the cores (each photo waits as long) while both hold its memory. A call
// takes the machine's turn by creating a lock file with its process id (O_EXCL: only one
// process can), and gives it back by removing it. A lock left by a process that died is
// taken over (its id names no living process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OcrTimeout } from './engine-turns.js';

/** How often a call waiting for the machine's turn looks again. */
const POLL_MS = 25;

/** Lock files this process holds: removed when it exits, whatever the reason. */
const held = new Set<string>();
let cleanupInstalled = false;

export const machineLockPath = (name: string) => path.join(os.tmpdir(), `invp-${name}.lock`);

/**
 * Runs `work` while this process holds the machine's lock `name`, waiting for it (polled)
 * until `deadline` (performance.now() milliseconds), then an OcrTimeout naming `timeoutMs`.
 */
export async function withMachineTurn<T>(name: string, deadline: number, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const file = machineLockPath(name);
  while (!take(file)) {
    if (performance.now() + POLL_MS > deadline) throw new OcrTimeout(timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    giveBack(file);
  }
}

function take(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (!abandoned(file)) return false;
    try {
      fs.unlinkSync(file);
    } catch {
      // another process took the abandoned lock over first
    }
    return false; // the next look creates it
  }
  held.add(file);
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.once('exit', () => held.forEach(giveBack));
  }
  return true;
}

/** The lock names a process that is gone (or names none: a write cut short is treated as one after a second). */
function abandoned(file: string): boolean {
  let owner: number;
  let age: number;
  try {
    owner = Number(fs.readFileSync(file, 'utf8'));
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return false; // removed meanwhile: the next look creates it
  }
  if (!Number.isInteger(owner) || owner <= 0) return age > 1000;
  if (owner === process.pid) return !held.has(file);
  try {
    process.kill(owner, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function giveBack(file: string): void {
  if (!held.delete(file)) return;
  try {
    if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
  } catch {
    // already gone
  }
}
