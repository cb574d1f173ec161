// Runs a process entry (gateway, worker, scripts) as its own OS process, the way
// the Procfile does, and lets a test wait for its output and its exit.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { untilOutput } from '../../scripts/platform-processes.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProcess {
  child: ChildProcess;
  /** stdout and stderr so far */
  output(): string;
  stderr(): string;
  /** resolves once the output matches */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts `entry` (a .ts file under the repository) with tsx and the given environment. */
export function startEntry(entry: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watch(child);
}

export function watch(child: ChildProcess): RunningProcess {
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  const onData = () => {
    for (const l of listeners) l();
  };
  child.stdout!.on('data', (d) => {
    out += d;
    onData();
  });
  child.stderr!.on('data', (d) => {
    err += d;
    onData();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      onData();
      resolve({ code, signal });
    });
  });
  // (a process has ended for its output only once its pipes closed: 'exit' may come before the last data
  // it printed, and a pattern printed right before exiting must still be seen)
  let closed = false;
  child.on('close', () => {
    closed = true;
    onData();
  });
  return {
    child,
    exited,
    output: () => out + err,
    stderr: () => err,
    // generous: a process that loads the whole code base under tsx starts slowly on a busy machine
    waitFor(pattern, timeoutMs = 90_000) {
      return untilOutput({ name: 'process', text: () => out + err, ended: () => closed, listeners }, pattern, timeoutMs);
    },
    kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Whether a process with this id is still running (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The lines a process printed, without npm's own notices. */
export function meaningfulLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !/^npm (warn|notice)/i.test(l));
}

const lastWords = new Set<() => void>();
let hooked = false;

/**
 * Runs `fn` (synchronously) when this test process ends, also when ava ends it with
 * SIGTERM at its timeout, when after.always hooks do not run: no process a test started
 * (a cluster, a private redis-server) is left behind. Returns the way to take it back.
 */
export function whenTestProcessEnds(fn: () => void): () => void {
  lastWords.add(fn);
  if (!hooked) {
    hooked = true;
    const last = () => {
      for (const f of lastWords) f();
      lastWords.clear();
    };
    process.once('exit', last);
    process.once('SIGTERM', () => {
      last();
      process.exit(143);
    });
  }
  return () => lastWords.delete(fn);
}
