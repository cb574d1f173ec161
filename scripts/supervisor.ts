// What keeps `npm start` serving when one of its processes dies: each process that
// exits on its own is restarted after a delay that doubles with each further crash of
// that process within the crash window, with one line saying which process, how it
// ended and when it comes back; the others keep serving. Only a crash loop (one
// process crashing SUPERVISOR_CRASH_LIMIT times within SUPERVISOR_CRASH_WINDOW_MS)
// stops the platform, with one line and exit code 1. stop() (SIGINT, SIGTERM) ends
// every process with SIGTERM and waits for their ordered shutdown.
import { exitInWords, spawnRole, type Role, type WatchedProcess } from './platform-processes.js';

export interface SupervisedSpec {
  name: string;
  role: Role;
  env?: Record<string, string>;
}

export interface SupervisorPolicy {
  restartDelayMs: number;
  maxRestartDelayMs: number;
  crashLimit: number;
  crashWindowMs: number;
  /** how long stop() waits for the processes' own shutdown before SIGKILL */
  stopTimeoutMs: number;
}

export interface Supervisor {
  /** resolves with the exit code the platform ends with: 0 after stop(), 1 after a crash loop or a forced stop */
  done: Promise<number>;
  /** the process running under this name now (null while it waits for its restart) */
  current(name: string): WatchedProcess | null;
  stop(reason: string): void;
}

interface Slot {
  spec: SupervisedSpec;
  process: WatchedProcess | null;
  /** when it crashed within the window */
  crashes: number[];
  restart: NodeJS.Timeout | null;
}

/** The delay before the `crashes`-th restart in a row: the first delay, doubled each time, capped. */
export const restartDelay = (policy: Pick<SupervisorPolicy, 'restartDelayMs' | 'maxRestartDelayMs'>, crashes: number) =>
  Math.min(policy.maxRestartDelayMs, policy.restartDelayMs * 2 ** Math.max(0, crashes - 1));

export function supervise(specs: SupervisedSpec[], policy: SupervisorPolicy, log: (line: string) => void = (line) => console.log(line)): Supervisor {
  const width = Math.max(...specs.map((s) => s.name.length));
  const slots = specs.map((spec): Slot => ({ spec, process: null, crashes: [], restart: null }));
  let stopping = false;
  let exitCode = 0;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

  const launch = (slot: Slot) => {
    slot.restart = null;
    const p = spawnRole(slot.spec.role, slot.spec.name, { env: slot.spec.env, echo: log, prefixWidth: width });
    slot.process = p;
    log(`start: ${slot.spec.name} started (pid ${p.child.pid})`);
    void p.exited.then((exit) => ended(slot, p, exit));
  };

  const ended = (slot: Slot, p: WatchedProcess, exit: { code: number | null; signal: NodeJS.Signals | null }) => {
    if (slot.process === p) slot.process = null;
    if (stopping) return settleIfAllEnded();
    const now = Date.now();
    slot.crashes = [...slot.crashes.filter((at) => now - at < policy.crashWindowMs), now];
    const n = slot.crashes.length;
    if (n >= policy.crashLimit) {
      log(
        `start: ${slot.spec.name} crashed ${n} times within ${seconds(policy.crashWindowMs)} (last: ${exitInWords(exit)}); a crash loop (SUPERVISOR_CRASH_LIMIT=${policy.crashLimit} within SUPERVISOR_CRASH_WINDOW_MS=${policy.crashWindowMs}), stopping the platform`,
      );
      stopAll(1);
      return;
    }
    const delay = restartDelay(policy, n);
    log(`start: ${slot.spec.name} crashed (${exitInWords(exit)}); restarting in ${delay} ms (crash ${n} within ${seconds(policy.crashWindowMs)}; ${policy.crashLimit} stop the platform)`);
    slot.restart = setTimeout(() => launch(slot), delay);
  };

  const settleIfAllEnded = () => {
    if (slots.every((s) => !s.process)) finish(exitCode);
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const slot of slots) {
      if (slot.restart) clearTimeout(slot.restart);
      slot.restart = null;
      slot.process?.child.kill('SIGTERM');
    }
    const force = setTimeout(() => {
      for (const slot of slots) {
        if (!slot.process) continue;
        log(`start: ${slot.spec.name} did not stop within ${seconds(policy.stopTimeoutMs)}; killing it`);
        exitCode = 1;
        slot.process.child.kill('SIGKILL');
      }
    }, policy.stopTimeoutMs);
    void done.then(() => clearTimeout(force));
    settleIfAllEnded();
  };

  for (const slot of slots) launch(slot);
  return {
    done,
    current: (name) => slots.find((s) => s.spec.name === name)?.process ?? null,
    stop(reason) {
      if (stopping) return;
      log(`start: ${reason}, stopping ${specs.map((s) => s.name).join(', ')}`);
      stopAll(0);
    },
  };
}
