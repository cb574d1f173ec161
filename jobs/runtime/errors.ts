// Typed domain errors. Services throw these; one error mapper (gateway/http/errors.ts)
// turns them into the documented body {"error": {"code", "message", "details"}}.
// Jobs report failures as "code: message" text (codedError reads it back).
export interface FieldIssue {
  path: string;
  message: string;
  type?: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | FieldIssue[] | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fields: FieldIssue[] = [], code = 'validation_error') {
    super(400, code, message, fields);
  }
  static field(path: string, message: string, code = 'validation_error'): Invalid {
    return new Invalid(message, [{ path, message }], code);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Authentication credentials were not provided or are invalid.', code = 'not_authenticated') {
    super(401, code, message, null, { 'WWW-Authenticate': 'Bearer' });
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to perform this action.', code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFound extends DomainError {
  constructor(what = 'Resource', code = 'not_found') {
    super(404, code, `${what} not found.`);
  }
}

/** A plan limit would be exceeded: 402 with the limit, the usage and the plan that lifts it. */
export class PaymentRequired extends DomainError {
  constructor(message: string, details: Record<string, unknown>, code = 'plan_limit_reached') {
    super(402, code, message, details);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, code = 'conflict', details: Record<string, unknown> | null = null) {
    super(409, code, message, details);
  }
}

export class RateLimited extends DomainError {
  constructor(retryAfterSeconds: number, message = 'Too many requests; try again later.', code = 'rate_limited') {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, code, message, { retry_after: wait }, { 'Retry-After': String(wait) });
  }
}

export class ServiceUnavailable extends DomainError {
  constructor(message: string, code = 'service_unavailable', details: Record<string, unknown> | null = null) {
    super(503, code, message, details);
  }
}

export class UpstreamTimeout extends DomainError {
  constructor(message: string, code = 'upstream_timeout') {
    super(504, code, message);
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
