// Who acts: the one value routes hand to services for "who is doing this". Routes
// build it with actor(request) (gateway/plugins/scope.ts); workers and scripts build
// it from a job's actor and scope. The scope is where the rows live (self or a team).
import type { Scope } from './scope.js';

export interface Actor {
  userId: string;
  isStaff: boolean;
  scope: Scope;
  /** the request this acts for, when it came from one: the jobs it enqueues carry it for log correlation */
  requestId?: string;
}

/**
 * Who acts in a worker or a script: the user a job or a command runs for, in the
 * scope it names (staff only when the caller says so, never by default).
 */
export function actorFor(userId: string, scope: Scope, opts: { isStaff?: boolean } = {}): Actor {
  return { userId, isStaff: opts.isStaff ?? false, scope };
}
