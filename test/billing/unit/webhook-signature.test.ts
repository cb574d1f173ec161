import test from 'ava';
import { signatureHeader, verifySignature } from '../../../domain/billing/webhook-signature.js';
import { holdsCardNumber, looksLikeCardNumber, luhnValid } from '../../../domain/billing/card-number.js';
import { DomainError } from '../../../jobs/runtime/errors.js';

const raw = Buffer.from('{"id":"evt_1","type":"x","created":1,"data":{"object":{}}}');
const code = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as DomainError).code;
  }
};

test('a correct signature passes; a changed body, another secret or no header does not', (t) => {
  const header = signatureHeader(['s1-secret-value-xyz'], raw);
  t.is(code(() => verifySignature(header, raw, ['s1-secret-value-xyz'], 300)), 'ok');
  t.is(code(() => verifySignature(header, Buffer.from(`${raw} `), ['s1-secret-value-xyz'], 300)), 'invalid_signature');
  t.is(code(() => verifySignature(header, raw, ['another-secret-value'], 300)), 'invalid_signature');
  t.is(code(() => verifySignature(undefined, raw, ['s1-secret-value-xyz'], 300)), 'missing_signature');
  t.is(code(() => verifySignature('t=abc,v1=zz', raw, ['s1-secret-value-xyz'], 300)), 'invalid_signature');
});

test('a stale timestamp is refused as a replay, inside the tolerance it passes', (t) => {
  const now = Date.now();
  const old = signatureHeader(['k-0123456789abcdef'], raw, Math.floor(now / 1000) - 301);
  t.is(code(() => verifySignature(old, raw, ['k-0123456789abcdef'], 300, now)), 'signature_expired');
  const recent = signatureHeader(['k-0123456789abcdef'], raw, Math.floor(now / 1000) - 290);
  t.is(code(() => verifySignature(recent, raw, ['k-0123456789abcdef'], 300, now)), 'ok');
});

test('rotation: several v1 values and several secrets of ours', (t) => {
  const both = signatureHeader(['old-secret-0123456', 'new-secret-0123456'], raw);
  t.is(code(() => verifySignature(both, raw, ['new-secret-0123456'], 300)), 'ok', 'the processor signs with old and new');
  const oldOnly = signatureHeader(['old-secret-0123456'], raw);
  t.is(code(() => verifySignature(oldOnly, raw, ['new-secret-0123456', 'old-secret-0123456'], 300)), 'ok', 'we still accept the old one');
  t.is(code(() => verifySignature(oldOnly, raw, ['new-secret-0123456'], 300)), 'invalid_signature', 'until it is removed');
});

test('card numbers: Luhn, spaces and dashes, nested values; tokens and last4 pass', (t) => {
  t.true(luhnValid('4242424242424242'));
  t.false(luhnValid('4242424242424241'));
  t.true(looksLikeCardNumber('4242 4242 4242 4242'));
  t.true(looksLikeCardNumber('5555-5555-5555-4444'));
  t.true(looksLikeCardNumber('378282246310005'), 'amex, 15 digits');
  t.false(looksLikeCardNumber('4242424242424241'));
  t.false(looksLikeCardNumber('pm_1PqRsTuVwXyZ'));
  t.true(holdsCardNumber({ a: [{ b: 4242424242424242 }] }));
  t.false(holdsCardNumber({ token: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }));
});
