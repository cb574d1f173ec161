// The one error mapper: every failure leaves the gateway as
//   {"error": {"code": "...", "message": "...", "details": ...}}
// Domain errors carry a kind and a code; the kind's HTTP status is chosen here, once
// (HTTP_STATUS), and a retry-after becomes the Retry-After header. Joi validation becomes 400 with
// field paths; hapi's own errors and database errors are translated; anything else
// is a 500 without a stack trace (logged with one). This file is the HTTP error
// contract (ErrorOut, errorDocs, errorBody, validationFailAction) shared with the kyc
// microservice: the only gateway module kyc/ imports.
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit, Lifecycle } from '@hapi/hapi';
import Joi, { type ValidationError } from 'joi';
import objection from 'objection';
import { DomainError, Invalid, type ErrorKind, type FieldIssue } from '../../jobs/runtime/errors.js';
import { pgError } from '../../db/errors.js';

const { ValidationError: ObjectionValidationError, NotFoundError, UniqueViolationError, ForeignKeyViolationError, CheckViolationError, DataError } = objection;

export const ErrorOut = Joi.object({
  error: Joi.object({
    code: Joi.string().required().example('validation_error'),
    message: Joi.string().required(),
    details: Joi.any().description('Field issues [{path, message, type}] for validation errors, or extra facts; null otherwise'),
  }).label('ErrorDetail'),
}).label('Error');

/** The one place an error's kind becomes an HTTP status (the contract's codes). */
export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
  timeout: 504,
};

/** An error raised by the edge itself that needs a header of its own (Allow, Connection). */
export class EdgeError extends DomainError {
  constructor(kind: ErrorKind, code: string, message: string, details: DomainError['details'], readonly headers: Record<string, string>) {
    super(kind, code, message, details);
  }
}

/** The HTTP status of a domain error. */
export const httpStatusOf = (err: DomainError): number => HTTP_STATUS[err.kind];

/** The headers a domain error's answer carries: Retry-After, WWW-Authenticate, an edge error's own. */
export function httpHeadersOf(err: DomainError): Record<string, string> {
  return {
    ...(err.kind === 'unauthenticated' ? { 'WWW-Authenticate': 'Bearer' } : {}),
    ...(err.retryAfter === null ? {} : { 'Retry-After': String(err.retryAfter) }),
    ...(err instanceof EdgeError ? err.headers : {}),
  };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (code validation_error and field paths in details, or a specific code)',
  401: 'Missing, invalid or expired credentials',
  402: 'A plan limit is reached (details: limit, max, usage, plan, upgrade_plan)',
  403: 'Not allowed for this caller',
  404: 'Not found in the caller\'s scope',
  405: 'Method not allowed here (see Allow)',
  409: 'Conflicts with the current state',
  413: 'Upload too large',
  415: 'Unsupported media type',
  422: 'Document or input that cannot be processed',
  429: 'Rate limited (see Retry-After)',
  503: 'A dependency is unavailable; retry',
  504: 'A dependency did not answer in time',
};

/**
 * Documents the error answers of a route (route option `plugins`). They are not in
 * response.status because hapi would validate its own error payloads against them
 * before the error mapper shapes them.
 */
export const errorDocs = (...codes: number[]) => ({
  'hapi-swagger': { responses: Object.fromEntries(codes.map((c) => [c, { description: ERROR_TEXT[c] ?? 'Error', schema: ErrorOut }])) },
});

export function errorBody(code: string, message: string, details: unknown = null) {
  return { error: { code, message, details } };
}

/**
 * route.options.response.failAction: an answer that does not match its schema fails
 * the request in tests (`strict`) and is logged otherwise. An error on its way out
 * (a Boom, e.g. malformed JSON on a route that documents its own 400 body) is never
 * held to a success schema: the error mapper gives it the documented error body.
 */
export const responseFailAction =
  (strict: boolean): Lifecycle.Method =>
  (request, h, err) => {
    if ((request.response as { isBoom?: boolean } | null)?.isBoom) return h.continue;
    // an HTML answer (the browsable API's page for a browser) is not the JSON the schema describes
    if (/^text\/html/.test(String((request.response as { headers?: Record<string, unknown> } | null)?.headers?.['content-type'] ?? ''))) return h.continue;
    if (strict) throw err;
    request.log(['validation', 'response', 'error'], err as Error);
    return h.continue;
  };

/** route.options.validate.failAction: joi errors become our Invalid with field paths. */
export const validationFailAction: Lifecycle.Method = (_request, _h, err) => {
  const joiError = (err as Boom.Boom & { details?: ValidationError['details'] }).details ? (err as unknown as ValidationError) : undefined;
  const details: FieldIssue[] = (joiError?.details ?? []).map((d) => ({
    path: d.path.join('.') || (d.context?.key ?? ''),
    message: d.message.replace(/"/g, ''),
    type: d.type,
  }));
  throw new Invalid(details[0]?.message ? `Invalid request: ${details.map((d) => d.message).join('; ')}` : 'Invalid request.', details);
};

const HAPI_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  503: 'service_unavailable',
  504: 'upstream_timeout',
};

export function translateError(err: Error & { code?: string; name: string }): DomainError | null {
  if (err instanceof DomainError) return err;
  if (err instanceof NotFoundError) return new DomainError('not_found', 'not_found', 'Resource not found.');
  if (err instanceof UniqueViolationError) return new DomainError('conflict', 'conflict', 'A record with these values already exists.', { columns: (err as { columns?: string[] }).columns ?? [] });
  if (err instanceof ForeignKeyViolationError) return new DomainError('conflict', 'conflict', 'The record is referenced by, or references, another record.');
  if (err instanceof CheckViolationError || err instanceof DataError) return new DomainError('invalid', 'invalid_value', 'A value is out of range or malformed.');
  if (err instanceof ObjectionValidationError) {
    const data = (err as unknown as { data: Record<string, { message: string }[]> }).data ?? {};
    return new Invalid('Invalid request.', Object.entries(data).map(([path, list]) => ({ path, message: list[0]?.message ?? 'invalid' })));
  }
  const pgCode = pgError(err).code ?? '';
  if (pgCode === '23505') return new DomainError('conflict', 'conflict', 'A record with these values already exists.');
  // SQLSTATE class 22 is "data exception": a value the database cannot take (malformed,
  // out of range, too long, a NUL or an untranslatable character) is the input's fault
  if (/^22[0-9A-Z]{3}$/.test(pgCode)) return new DomainError('invalid', 'invalid_value', 'A value is out of range or malformed.');
  if (pgCode === '40001' || pgCode === '40P01') return new DomainError('conflict', 'write_conflict', 'A concurrent change got in the way; retry the request.');
  // a pooled connection cut under a query ("Connection terminated unexpectedly") and
  // the SQLSTATE connection-exception class 08 are outages too, not internal errors
  if (err.name === 'KnexTimeoutError' || ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '53300'].includes(pgCode) || pgCode.startsWith('08') || /Connection terminated/.test(err.message)) {
    return new DomainError('unavailable', 'database_unavailable', 'The database is unavailable; retry shortly.', null, 5);
  }
  if (err.name === 'QueueUnavailable' || err.name === 'MaxRetriesPerRequestError' || /enableOfflineQueue|Connection is closed|ECONNREFUSED.*6379/.test(err.message)) {
    return new DomainError('unavailable', 'queue_unavailable', 'The job queue is unavailable; retry shortly.', null, 5);
  }
  return null;
}

export const errorsPlugin: Plugin<void> = {
  name: 'platform-errors',
  register(server) {
    server.ext('onPreResponse', (request: Request, h: ResponseToolkit) => {
      const response = request.response;
      if (!('isBoom' in response) || !response.isBoom) return h.continue;
      const err = response as Boom.Boom & { code?: string };
      const domain = translateError(err);
      if (domain) {
        const res = h.response(errorBody(domain.code, domain.message, domain.details)).code(httpStatusOf(domain));
        for (const [k, v] of Object.entries(httpHeadersOf(domain))) res.header(k, v);
        return res;
      }
      const status = err.output.statusCode;
      if (status >= 500) {
        request.log(['error'], err);
        request.logger?.error({ err }, 'unhandled error');
        return h.response(errorBody('internal_error', 'An unexpected error occurred; it has been logged.')).code(500);
      }
      let message = err.output.payload.message || err.output.payload.error;
      if (status === 400 && /Invalid request payload JSON/i.test(message)) {
        // valid JSON with a "__proto__" key: refused by the parser (prototype poisoning), but not malformed
        if (/forbidden prototype property/.test(String((err.data as Error | null)?.message))) {
          return h.response(errorBody('forbidden_key', 'The request body holds a "__proto__" key, which is not accepted in any input.', [{ path: '__proto__', message: 'forbidden key', type: 'object.forbidden' }])).code(400);
        }
        message = 'The request body is not valid JSON.';
      }
      if (status === 404 && message === 'Not Found' && (request.route.method as string) === '_special') {
        // no route matched: another method on the same path is a 405 (a handler's own
        // 404, such as a missing file, is not)
        const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => request.server.match(m.toLowerCase() as 'get', request.path));
        if (allowed.length) {
          return h.response(errorBody('method_not_allowed', `${request.method.toUpperCase()} is not allowed on ${request.path}; use ${allowed.join(', ')}.`)).code(405).header('Allow', allowed.join(', '));
        }
        message = `No endpoint ${request.method.toUpperCase()} ${request.path}.`;
      }
      if (status === 403 && /insufficient scope/i.test(message)) message = 'This action requires a staff account.';
      const code = status === 400 && /JSON/.test(message) ? 'malformed_json' : status === 403 && /staff/.test(message) ? 'staff_only' : (HAPI_CODES[status] ?? 'error');
      const res = h.response(errorBody(code, message)).code(status);
      for (const [k, v] of Object.entries(err.output.headers)) res.header(k, String(v));
      return res;
    });
  },
};
