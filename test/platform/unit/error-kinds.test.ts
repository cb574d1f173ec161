// The one place an error's kind becomes an HTTP status and headers (gateway/http/errors.ts):
// every error class keeps the status and headers the contract documents.
import test from 'ava';
import { Conflict, DomainError, Forbidden, Invalid, NotFound, PaymentRequired, RateLimited, ServiceUnavailable, Unauthorized, UpstreamTimeout } from '../../../jobs/runtime/errors.js';
import { EdgeError, httpHeadersOf, httpStatusOf } from '../../../gateway/http/errors.js';
import { jobResultOut } from '../../../gateway/routes/jobs/job-result.js';

test('each error class answers with its documented status', (t) => {
  const cases: [DomainError, number][] = [
    [new Invalid('bad'), 400],
    [new Unauthorized(), 401],
    [new PaymentRequired('limit', {}), 402],
    [new Forbidden(), 403],
    [new NotFound('Thing'), 404],
    [new Conflict('taken'), 409],
    [new RateLimited(3), 429],
    [new ServiceUnavailable('down'), 503],
    [new UpstreamTimeout('slow'), 504],
    [new DomainError('gone', 'report_expired', 'gone'), 410],
    [new DomainError('too_large', 'file_too_large', 'big'), 413],
    [new DomainError('unsupported_type', 'unsupported_file_type', 'type'), 415],
    [new DomainError('unprocessable', 'barcode_not_gtin', 'no'), 422],
    [new DomainError('upstream_failed', 'provider_error', 'failed'), 502],
  ];
  for (const [err, status] of cases) t.is(httpStatusOf(err), status, `${err.name} ${err.code}`);
});

test('headers: WWW-Authenticate on 401, Retry-After from a retry-after, an edge error\'s own', (t) => {
  t.deepEqual(httpHeadersOf(new Unauthorized()), { 'WWW-Authenticate': 'Bearer' });
  const limited = new RateLimited(2.2);
  t.deepEqual(httpHeadersOf(limited), { 'Retry-After': '3' });
  t.deepEqual(limited.details, { retry_after: 3 });
  t.deepEqual(httpHeadersOf(new DomainError('unavailable', 'kyc_unavailable', 'down', null, 5)), { 'Retry-After': '5' });
  t.deepEqual(httpHeadersOf(new Invalid('bad')), {});
  const edge = new EdgeError('not_allowed', 'ledger_append_only', 'append only', null, { Allow: 'GET' });
  t.is(httpStatusOf(edge), 405);
  t.deepEqual(httpHeadersOf(edge), { Allow: 'GET' });
});

test('a refusal is the caller\'s fault; an outage is not', (t) => {
  t.true(new Invalid('bad').refusal);
  t.true(new Conflict('taken').refusal);
  t.false(new ServiceUnavailable('down').refusal);
  t.false(new UpstreamTimeout('slow').refusal);
  t.false(new DomainError('upstream_failed', 'provider_error', 'failed').refusal);
});

test('an invoice.store job result gains the status its bulk store answers with, in the documented order', (t) => {
  const cases = [['applied', 200], ['failed', 400], ['conflict', 409]] as const;
  for (const [status, http] of cases) {
    const out = jobResultOut('invoice.store', { attempt_id: 7, status, session_id: 3 });
    t.is(JSON.stringify(out), JSON.stringify({ attempt_id: 7, status, http_status: http, session_id: 3 }));
  }
  t.deepEqual(jobResultOut('invoices.parse', { session_id: 3 }), { session_id: 3 });
  t.is(jobResultOut('invoice.store', null), null);
});
