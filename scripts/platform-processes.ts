// The platform's long-running process types (the Procfile's web, worker and kyc) as
// child processes of a tool: `npm start` (scripts/supervisor.ts) and the multi-process
// harness (scripts/cluster.ts) start them the same way, with each output line
// prefixed by the process's name, and can wait for what a process prints.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Role = 'web' | 'worker' | 'kyc';

const here = fileURLToPath(import.meta.url);
/** Compiled (dist/scripts/…js) or run from the sources with tsx (scripts/…ts). */
const fromSources = here.endsWith('.ts');
/** The repository root, or dist/ when compiled: the entries sit under it either way. */
const base = path.resolve(path.dirname(here), '..');
export const REPOSITORY_ROOT = fromSources ? base : path.resolve(base, '..');

const ENTRIES: Record<Role, string> = { web: 'gateway/index', worker: 'workers/index', kyc: 'kyc/index' };

/**
 * The command that starts a role: the compiled entry when this tool is compiled (`npm
 * start`), the TypeScript entry through tsx when it runs from the sources (tests, `npx
 * tsx scripts/cluster.ts`), so a tool never mixes fresh code with a stale build.
 */
export function roleCommand(role: Role): { command: string; args: string[] } {
  const entry = path.join(base, ENTRIES[role] + (fromSources ? '.ts' : '.js'));
  return { command: process.execPath, args: fromSources ? ['--import', 'tsx', entry] : [entry] };
}

export interface WatchedProcess {
  name: string;
  role: Role;
  child: ChildProcess;
  /** what it printed so far (stdout and stderr) */
  output(): string;
  /** resolves with the first match in the output (counting from `fromOffset`), rejects at the deadline or when the process ends first */
  waitFor(pattern: RegExp, timeoutMs?: number, fromOffset?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** has it exited? */
  ended(): boolean;
}

export interface SpawnOptions {
  /** the environment of the process, on top of this one's */
  env?: Record<string, string>;
  /** where each prefixed output line goes (none: kept only for output()) */
  echo?: ((line: string) => void) | null;
  /** the width the name is padded to in the prefix */
  prefixWidth?: number;
}

export function spawnRole(role: Role, name: string, options: SpawnOptions = {}): WatchedProcess {
  const { command, args } = roleCommand(role);
  const child = spawn(command, args, {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(child, name, role, options);
}

/** how long after its exit a process's output counts as complete when its pipes have not closed */
const OUTPUT_GRACE_MS = 2000;

export function watchProcess(child: ChildProcess, name: string, role: Role, options: SpawnOptions = {}): WatchedProcess {
  let text = '';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  const prefix = `${name.padEnd(options.prefixWidth ?? name.length)} | `;
  const partial = { stdout: '', stderr: '' };
  const take = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    text += chunk;
    if (options.echo) {
      const lines = (partial[stream] + chunk).split('\n');
      partial[stream] = lines.pop()!;
      for (const line of lines) options.echo(prefix + line);
    }
    notify();
  };
  child.stdout!.on('data', take('stdout'));
  child.stderr!.on('data', take('stderr'));
  let ended = false;
  // Its output is complete once its pipes closed: 'exit' may come before the last data it
  // printed, so a line printed right before exiting is still seen (and echoed). A pipe a
  // grandchild still holds cannot keep a wait open: the output counts as complete soon after the exit.
  let outputComplete = false;
  const completeOutput = () => {
    if (outputComplete) return;
    outputComplete = true;
    for (const stream of ['stdout', 'stderr'] as const) if (options.echo && partial[stream]) options.echo(prefix + partial[stream]);
    notify();
  };
  child.on('close', completeOutput);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      ended = true;
      setTimeout(completeOutput, OUTPUT_GRACE_MS).unref();
      resolve({ code, signal });
    });
    // a process that cannot be spawned at all ends here too
    child.on('error', () => {
      ended = true;
      completeOutput();
      resolve({ code: null, signal: null });
    });
  });
  return {
    name,
    role,
    child,
    exited,
    output: () => text,
    ended: () => ended,
    waitFor(pattern, timeoutMs = 120_000, fromOffset = 0) {
      return untilOutput({ name, text: () => text.slice(fromOffset), ended: () => outputComplete, listeners }, pattern, timeoutMs);
    },
  };
}

/** What `untilOutput` watches: a process's output so far, whether it ended, and the hooks run on each change. */
export interface OutputSource {
  name: string;
  text(): string;
  ended(): boolean;
  listeners: Set<() => void>;
}

/** Resolves with the first match of `pattern` in the output; rejects when the process ends first or the time is up. */
export function untilOutput(source: OutputSource, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = pattern.exec(source.text());
      if (m) {
        done();
        resolve(m[0]);
      } else if (source.ended()) {
        done();
        reject(new Error(`${source.name} exited before printing ${pattern}: ${source.text().slice(-2000)}`));
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${source.name}: no ${pattern} within ${timeoutMs} ms: ${source.text().slice(-2000)}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      source.listeners.delete(check);
    };
    source.listeners.add(check);
    check();
  });
}

/** What each role prints once it serves (its entry's start-up line). */
export const READY_LINE: Record<Role, RegExp> = {
  web: /gateway listening/,
  worker: /worker: consuming /,
  kyc: /kyc: listening on /,
};

/** How a process ended, in words: `exit code 1`, `signal SIGKILL`. */
export const exitInWords = (exit: { code: number | null; signal: NodeJS.Signals | null }) => (exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`);
