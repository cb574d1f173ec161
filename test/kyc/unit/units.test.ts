// Pure pieces of the verification service: the status mapping, the automatic checks,
// the retry schedule, request signing and webhook digests.
import test from 'ava';
import crypto from 'node:crypto';
import { deriveStatus, EMPTY_REVIEW } from '../../../kyc/services/provider-review.js';
import { checkAge, checkExpiry, checkMrz, outcomeOf, checkDuplicate } from '../../../kyc/services/inhouse-checks.js';
import { retryDelay } from '../../../kyc/services/callback-service.js';
import { signRequest } from '../../../kyc/providers/external-provider.js';
import { verifyDigest } from '../../../kyc/services/webhook-service.js';

const review = (reviewStatus: string, reviewAnswer = '', rejectType = '') => ({ ...EMPTY_REVIEW, reviewStatus, reviewAnswer, rejectType });

test('coarse status comes from the review, and an answer counts only once completed', (t) => {
  t.is(deriveStatus(null), 'not_started');
  t.is(deriveStatus(review('init')), 'pending');
  for (const s of ['pending', 'queued', 'prechecked']) t.is(deriveStatus(review(s)), 'in_review');
  t.is(deriveStatus(review('completed', 'GREEN')), 'approved');
  t.is(deriveStatus(review('completed', 'RED', 'RETRY')), 'retry');
  t.is(deriveStatus(review('completed', 'RED', 'FINAL')), 'rejected');
  t.is(deriveStatus(review('onHold')), 'on_hold');
  t.is(deriveStatus(review('pending', 'GREEN')), 'in_review', 'GREEN before completion does not verify');
  t.is(deriveStatus(review('completed')), 'in_review');
  t.is(deriveStatus(review('somethingNew', 'GREEN')), 'in_review');
});

test('ICAO 9303 MRZ check digits (TD3 specimen from the standard)', (t) => {
  const mrz = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';
  t.true(checkMrz(mrz, { documentNumber: 'L898902C3', expiryDate: '2012-04-15', dateOfBirth: '1974-08-12' }).passed);
  const bad = checkMrz(mrz.replace('C36UTO', 'C37UTO'), { documentNumber: 'L898902C3', expiryDate: '2012-04-15' });
  t.false(bad.passed);
  t.regex(bad.message, /documentNumberCheckDigit/);
  t.false(checkMrz(mrz, { documentNumber: 'X1234567', expiryDate: '2012-04-15' }).passed, 'MRZ and document number disagree');
  t.false(checkMrz('not an mrz', { documentNumber: 'X', expiryDate: '2030-01-01' }).passed);
  t.true(checkMrz('', { documentNumber: 'X', expiryDate: '2030-01-01' }).skipped);
});

test('age of majority and expiry, on their boundaries', (t) => {
  const now = new Date('2026-06-15T12:00:00Z');
  t.true(checkAge('2008-06-15', now).passed);
  t.false(checkAge('2008-06-16', now).passed);
  t.false(checkExpiry('2026-06-15', now).passed, 'expiring today is not valid');
  t.true(checkExpiry('2026-06-16', now).passed);
});

test('failed checks become a review: FINAL wins over RETRY', (t) => {
  t.is(outcomeOf([checkDuplicate(false)]), null);
  const retry = outcomeOf([checkExpiry('2000-01-01')]);
  t.is(retry?.rejectType, 'RETRY');
  t.deepEqual(retry?.labels, ['EXPIRATION_DATE']);
  const final = outcomeOf([checkExpiry('2000-01-01'), checkDuplicate(true)]);
  t.is(final?.rejectType, 'FINAL');
  t.deepEqual(final?.labels, ['EXPIRATION_DATE', 'DUPLICATE']);
});

test('callback retries: exponential, capped, with jitter', (t) => {
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const ceiling = Math.min(3_600_000, 5000 * 2 ** (attempt - 1));
    const d = retryDelay(attempt, 5000, 3_600_000);
    t.true(d >= ceiling / 2 && d <= ceiling, `attempt ${attempt}: ${d}`);
  }
  const spread = new Set(Array.from({ length: 20 }, () => retryDelay(3, 5000, 3_600_000)));
  t.true(spread.size > 1, 'jittered');
});

test('provider request signature: hex HMAC-SHA256 of ts + METHOD + path?query + body', (t) => {
  const expected = crypto.createHmac('sha256', 'key').update('1700000000POST/resources/applicants?levelName=basic{"externalUserId":"u1"}').digest('hex');
  t.is(signRequest('key', '1700000000', 'post', '/resources/applicants?levelName=basic', '{"externalUserId":"u1"}'), expected);
});

test('webhook digests: each algorithm, the default, and refusals', (t) => {
  const raw = Buffer.from('{"type":"applicantReviewed"}');
  for (const [alg, hash] of [['HMAC_SHA256_HEX', 'sha256'], ['HMAC_SHA1_HEX', 'sha1'], ['HMAC_SHA512_HEX', 'sha512']]) {
    const digest = crypto.createHmac(hash, 's').update(raw).digest('hex');
    t.is(verifyDigest('s', raw, digest, alg), alg);
    t.is(verifyDigest('s', raw, digest.toUpperCase(), alg.toLowerCase()), alg);
  }
  const sha256 = crypto.createHmac('sha256', 's').update(raw).digest('hex');
  t.is(verifyDigest('s', raw, sha256, undefined), 'HMAC_SHA256_HEX');
  t.throws(() => verifyDigest('s', raw, sha256, 'HMAC_SHA1_HEX'));
  t.throws(() => verifyDigest('other', raw, sha256, undefined));
  t.throws(() => verifyDigest('', raw, crypto.createHmac('sha256', '').update(raw).digest('hex'), undefined), undefined, 'no secret: refused');
  t.throws(() => verifyDigest('s', raw, undefined, undefined));
});
