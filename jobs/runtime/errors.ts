// Typed domain errors. Services throw these; one error mapper (gateway/http/errors.ts)
// turns them into the documented body {"error": {"code", "message", "details"}} and
// chooses the HTTP status from the error's kind: nothing below the edge knows HTTP.
// Jobs report failures as "code: message" text (codedError reads it back).
export interface FieldIssue {
  path: string;
  message: string;
  type?: string;
}

/** What went wrong, in the domain's words; the edge maps each kind to one HTTP status. */
export type ErrorKind =
  | 'invalid' // the input is wrong
  | 'unauthenticated' // no valid credentials
  | 'payment_required' // a plan limit would be exceeded
  | 'forbidden' // the caller may not do this
  | 'not_found' // not in the caller's scope
  | 'not_allowed' // this operation does not exist on the resource
  | 'conflict' // the current state does not allow it
  | 'gone' // it existed and is no longer kept
  | 'too_large' // a file or body over its limit
  | 'unsupported_type' // a file or body of a type not accepted
  | 'unprocessable' // well-formed input whose content cannot be used
  | 'rate_limited' // a budget is spent (retryAfter says for how long)
  | 'upstream_failed' // a dependency answered with a failure
  | 'unavailable' // a dependency is down; retry
  | 'timeout'; // a dependency did not answer in time

/** Kinds that are a dependency's fault, not the caller's: retrying later can succeed. */
const OUTAGES: readonly ErrorKind[] = ['upstream_failed', 'unavailable', 'timeout'];

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | FieldIssue[] | null = null,
    /** seconds after which a retry may succeed (rate limits, outages) */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The caller's fault (input, rights, state): the same call will fail again. */
  get refusal(): boolean {
    return !OUTAGES.includes(this.kind);
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fields: FieldIssue[] = [], code = 'validation_error') {
    super('invalid', code, message, fields);
  }
  static field(path: string, message: string, code = 'validation_error'): Invalid {
    return new Invalid(message, [{ path, message }], code);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Authentication credentials were not provided or are invalid.', code = 'not_authenticated') {
    super('unauthenticated', code, message);
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to perform this action.', code = 'forbidden') {
    super('forbidden', code, message);
  }
}

export class NotFound extends DomainError {
  constructor(what = 'Resource', code = 'not_found') {
    super('not_found', code, `${what} not found.`);
  }
}

/** A plan limit would be exceeded: the limit, the usage and the plan that lifts it. */
export class PaymentRequired extends DomainError {
  constructor(message: string, details: Record<string, unknown>, code = 'plan_limit_reached') {
    super('payment_required', code, message, details);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, code = 'conflict', details: Record<string, unknown> | null = null) {
    super('conflict', code, message, details);
  }
}

export class RateLimited extends DomainError {
  constructor(retryAfterSeconds: number, message = 'Too many requests; try again later.', code = 'rate_limited') {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    super('rate_limited', code, message, { retry_after: wait }, wait);
  }
}

export class ServiceUnavailable extends DomainError {
  constructor(message: string, code = 'service_unavailable', details: Record<string, unknown> | null = null, retryAfter: number | null = null) {
    super('unavailable', code, message, details, retryAfter);
  }
}

export class UpstreamTimeout extends DomainError {
  constructor(message: string, code = 'upstream_timeout') {
    super('timeout', code, message);
  }
}

/** A dependency (PostgreSQL, Redis) is missing at start-up: one line, no stack trace (entry.ts). */
export class DependencyError extends Error {}

/**
 * Reads a failure text back into {code, message}: handlers throw errors whose message
 * is "code: message" (BullMQ keeps only the text); any other text is `job_failed`,
 * with `fallback` when the text is empty.
 */
export function codedError(text: string | undefined, fallback = ''): { code: string; message: string } {
  const m = /^([a-z_]+): (.*)$/s.exec(text ?? '');
  return m ? { code: m[1], message: m[2] } : { code: 'job_failed', message: text || fallback };
}
